"""Human docs of the JSON API, read from its OpenAPI schema.

FastAPI's own ``/docs`` loads Swagger UI from a CDN; this page is plain HTML from the
same schema, so it works offline and can never drift from the API.

The page speaks the reader's language: every summary and description of the schema is a
message of the site's catalogs. They are written in English in the code (docstrings and
``Field(description=…)``, which make ``/openapi.json``), so a Babel extraction method named
in ``babel.cfg`` (:mod:`cardavia.web.api_messages`) takes them from the schema itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a body."""

    name: str
    type: str
    required: bool
    description: str


@dataclass(frozen=True, slots=True)
class Endpoint:
    """One method on one path."""

    method: str
    path: str
    summary: str
    description: str
    body: tuple[str, ...]
    """The request body's schema name, if any; the names of its choices when a field
    chooses the body (``oneOf``: a new table's body by its ``game``)."""
    responses: tuple[tuple[str, str, str | None], ...]
    """``(status, description, schema name)``."""


@dataclass(frozen=True, slots=True)
class ApiDescription:
    """The whole API, ready for the template."""

    title: str
    version: str
    endpoints: tuple[Endpoint, ...]
    schemas: tuple[tuple[str, str, tuple[Field, ...]], ...]
    """``(name, description, fields)`` of each schema the endpoints use."""


def _ref_name(schema: dict[str, Any] | None) -> str | None:
    if not schema:
        return None
    ref = schema.get("$ref")
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None


def _body_names(schema: dict[str, Any] | None) -> tuple[str, ...]:
    """The schema names of a body: its ``$ref``, or each of its ``oneOf`` choices."""
    if not schema:
        return ()
    choices = schema.get("oneOf", [schema])
    return tuple(name for name in map(_ref_name, choices) if name)


def _type(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        return str(_ref_name(schema))
    if "anyOf" in schema:
        return " | ".join(_type(option) for option in schema["anyOf"])
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    kind = str(schema.get("type", "any"))
    if kind == "array":
        return f"list of {_type(schema.get('items', {}))}"
    return kind


def _same(message: str) -> str:
    return message


def describe(openapi: dict[str, Any], _: Callable[[str], str] = _same) -> ApiDescription:
    """The endpoints and schemas of ``openapi`` (FastAPI's generated schema), with every
    text translated by ``_`` (empty texts stay empty)."""

    def tr(message: str) -> str:
        return _(message) if message else ""

    endpoints: list[Endpoint] = []
    used: set[str] = set()
    for path, methods in openapi.get("paths", {}).items():
        for method, operation in methods.items():
            content = operation.get("requestBody", {}).get("content", {})
            body = _body_names(content.get("application/json", {}).get("schema"))
            used.update(body)
            responses = []
            for status, response in operation.get("responses", {}).items():
                schema = response.get("content", {}).get("application/json", {}).get("schema")
                name = _ref_name(schema)
                if name:
                    used.add(name)
                responses.append((status, tr(response.get("description", "")), name))
            endpoints.append(
                Endpoint(
                    method=method.upper(),
                    path=path,
                    summary=tr(operation.get("summary", "")),
                    description=tr(operation.get("description", "")),
                    body=body,
                    responses=tuple(responses),
                )
            )
    schemas = []
    for name, schema in sorted(openapi.get("components", {}).get("schemas", {}).items()):
        if name not in used:
            continue
        required = set(schema.get("required", ()))
        fields = tuple(
            Field(key, _type(spec), key in required, tr(spec.get("description", "")))
            for key, spec in schema.get("properties", {}).items()
        )
        schemas.append((name, tr(schema.get("description", "")), fields))
    info = openapi.get("info", {})
    return ApiDescription(
        info.get("title", ""), info.get("version", ""), tuple(endpoints), tuple(schemas)
    )


def messages(description: ApiDescription) -> Iterator[str]:
    """Every text of ``description`` a reader sees, once each, in page order."""
    seen: set[str] = set()
    texts: list[str] = []
    for endpoint in description.endpoints:
        texts += [endpoint.summary, endpoint.description]
        texts += [meaning for _, meaning, _ in endpoint.responses]
    for _, schema_description, fields in description.schemas:
        texts.append(schema_description)
        texts += [field.description for field in fields]
    for message in texts:
        if message and message not in seen:
            seen.add(message)
            yield message
