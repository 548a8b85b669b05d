"""The site's routes: one module per resource, each a thin ``APIRouter``.

A handler takes typed dependencies (:mod:`cardavia.web.dependencies`), calls a service
or a presenter, and returns a template or a model. No route module imports another: what
they share is a service, a presenter, a schema or infrastructure (docs/web.md).
"""
