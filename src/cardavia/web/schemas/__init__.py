"""The JSON API's bodies, as Pydantic models (they make ``/openapi.json``): the shared
ones (:mod:`.common`) and the tables' (:mod:`.tables`). Only routes use them.
"""
