"""JSON Schemas (draft 2020-12) of what the station publishes, and a small validator for them.

The files ship in the package: ``events/envelope.json`` (every event), ``events/<type>.json`` (one per
event type: the envelope plus that type's ``data``), ``events/common.json`` (shared definitions) and
``events/station_status.json`` (the retained status topic). Platforms may use any draft 2020-12
validator; the station and its tests use :func:`validate`, which implements the subset of keywords the
files use and rejects a schema using any other, so a schema can never be silently half-checked.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

__all__ = ["SUPPORTED_KEYWORDS", "SchemaError", "event_schema_names", "load_schema", "validate", "validate_event"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"

SUPPORTED_KEYWORDS = frozenset({
    # validation
    "$ref", "type", "enum", "const", "properties", "required", "additionalProperties", "items", "minItems",
    "maxItems", "uniqueItems", "minimum", "maximum", "minLength", "maxLength", "pattern", "allOf", "anyOf",
    "oneOf", "not", "if", "then", "else", "minProperties",
    # annotations and identifiers (no effect on validation)
    "$schema", "$id", "$defs", "$comment", "title", "description", "examples", "default", "format",
})


class SchemaError(ValueError):
    """A JSON document does not match its schema, or a schema uses a keyword :func:`validate` lacks."""


@cache
def load_schema(name: str) -> dict:
    """The schema file ``events/<name>`` (``.json`` may be omitted) as a dict. Raises FileNotFoundError."""
    if not name.endswith(".json"):
        name += ".json"
    text = resources.files(__name__).joinpath("events", name).read_text(encoding="utf-8")
    return json.loads(text)


def event_schema_names() -> list[str]:
    """Names of every schema file shipped (``envelope``, ``common``, ``card_dealt``, …), sorted."""
    folder = resources.files(__name__).joinpath("events")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _resolve(ref: str, root: dict) -> tuple[dict, dict]:
    file_part, _, pointer = ref.partition("#")
    doc = load_schema(file_part.rsplit("/", 1)[-1]) if file_part else root
    node = doc
    for token in [t for t in pointer.split("/") if t]:
        node = node[token.replace("~1", "/").replace("~0", "~")]
    return node, doc


def _equal(a: object, b: object) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def _check(value: object, schema: dict | bool, root: dict, path: str, errors: list[str]) -> None:
    if schema is True:
        return
    if schema is False:
        errors.append(f"{path}: not allowed")
        return
    unknown = set(schema) - SUPPORTED_KEYWORDS
    if unknown:
        raise SchemaError(f"schema keyword(s) {sorted(unknown)} at {path} are not supported by this validator")
    if "$ref" in schema:
        target, doc = _resolve(schema["$ref"], root)
        _check(value, target, doc, path, errors)
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[k](value) for k in kinds):
            errors.append(f"{path}: {json.dumps(value)[:60]} is not of type {' or '.join(kinds)}")
            return
    if "const" in schema and not _equal(value, schema["const"]):
        errors.append(f"{path}: {json.dumps(value)[:60]} is not {json.dumps(schema['const'])}")
    if "enum" in schema and not any(_equal(value, e) for e in schema["enum"]):
        errors.append(f"{path}: {json.dumps(value)[:60]} is not one of {json.dumps(schema['enum'])[:120]}")
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            errors.append(f"{path}: shorter than {schema['minLength']}")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            errors.append(f"{path}: longer than {schema['maxLength']}")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errors.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if _TYPES["number"](value):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(f"{path}: {value} is less than {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(f"{path}: {value} is more than {schema['maximum']}")
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            errors.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append(f"{path}: more than {schema['maxItems']} items")
        if schema.get("uniqueItems"):
            seen = [json.dumps(v, sort_keys=True) for v in value]
            if len(set(seen)) != len(seen):
                errors.append(f"{path}: items are not unique")
        if "items" in schema:
            for i, item in enumerate(value):
                _check(item, schema["items"], root, f"{path}[{i}]", errors)
    if isinstance(value, dict):
        if "minProperties" in schema and len(value) < schema["minProperties"]:
            errors.append(f"{path}: fewer than {schema['minProperties']} members")
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{path}: missing {key!r}")
        props = schema.get("properties", {})
        for key, item in value.items():
            if key in props:
                _check(item, props[key], root, f"{path}.{key}", errors)
            elif "additionalProperties" in schema:
                extra = schema["additionalProperties"]
                if extra is False:
                    errors.append(f"{path}: unexpected member {key!r}")
                else:
                    _check(item, extra, root, f"{path}.{key}", errors)
    for sub in schema.get("allOf", []):
        _check(value, sub, root, path, errors)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            passing = 0
            for sub in schema[key]:
                trial: list[str] = []
                _check(value, sub, root, path, trial)
                passing += not trial
            if passing == 0 or (key == "oneOf" and passing > 1):
                errors.append(f"{path}: matches {passing} of the {key} alternatives")
    if "not" in schema:
        trial = []
        _check(value, schema["not"], root, path, trial)
        if not trial:
            errors.append(f"{path}: matches a schema it must not")
    if "if" in schema:
        trial = []
        _check(value, schema["if"], root, path, trial)
        branch = schema.get("then") if not trial else schema.get("else")
        if branch is not None:
            _check(value, branch, root, path, errors)


def validate(instance: object, schema: dict | str) -> list[str]:
    """Validate ``instance`` against ``schema`` (a dict, or a shipped schema name); return the errors.

    An empty list means valid. Each error is ``"$.path: what is wrong"``. Raises SchemaError when the
    schema uses a keyword outside :data:`SUPPORTED_KEYWORDS`, KeyError for a ``$ref`` to nothing.
    """
    root = load_schema(schema) if isinstance(schema, str) else schema
    errors: list[str] = []
    _check(instance, root, root, "$", errors)
    return errors


def validate_event(envelope: object) -> list[str]:
    """Validate an event envelope (a dict, or its JSON text) against its type's schema; return the errors.

    The type's schema includes the envelope's. An unknown ``type`` is one error.
    """
    if isinstance(envelope, str | bytes):
        try:
            envelope = json.loads(envelope)
        except ValueError as err:
            return [f"$: not JSON: {err}"]
    if not isinstance(envelope, dict):
        return ["$: an event is a JSON object"]
    kind = envelope.get("type")
    if not isinstance(kind, str) or kind not in _event_types():
        return validate(envelope, "envelope") or [f"$.type: unknown event type {kind!r}"]
    return validate(envelope, kind)


def _event_types() -> frozenset[str]:
    from dealer_station.outbox import EVENT_TYPES

    return EVENT_TYPES
