"""Human docs of the JSON API, read from its OpenAPI schema.

FastAPI's own ``/docs`` loads Swagger UI from a CDN; this page is plain HTML from the
same schema, so it works offline and can never drift from the API.
"""

from __future__ import annotations

import json
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
    body: str | None
    """The request body's schema name, if any."""
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


def describe(openapi: dict[str, Any]) -> ApiDescription:
    """The endpoints and schemas of ``openapi`` (FastAPI's generated schema)."""
    endpoints: list[Endpoint] = []
    used: set[str] = set()
    for path, methods in openapi.get("paths", {}).items():
        for method, operation in methods.items():
            content = operation.get("requestBody", {}).get("content", {})
            body = _ref_name(content.get("application/json", {}).get("schema"))
            if body:
                used.add(body)
            responses = []
            for status, response in operation.get("responses", {}).items():
                schema = response.get("content", {}).get("application/json", {}).get("schema")
                name = _ref_name(schema)
                if name:
                    used.add(name)
                responses.append((status, response.get("description", ""), name))
            endpoints.append(
                Endpoint(
                    method=method.upper(),
                    path=path,
                    summary=operation.get("summary", ""),
                    description=operation.get("description", ""),
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
            Field(key, _type(spec), key in required, spec.get("description", ""))
            for key, spec in schema.get("properties", {}).items()
        )
        schemas.append((name, schema.get("description", ""), fields))
    info = openapi.get("info", {})
    return ApiDescription(
        info.get("title", ""), info.get("version", ""), tuple(endpoints), tuple(schemas)
    )
