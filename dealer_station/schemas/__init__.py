"""JSON Schemas (draft 2020-12) of what the station publishes, checked with ``jsonschema``.

The files ship in the package: ``events/envelope.json`` (every event), ``events/<type>.json`` (one per
event type: the envelope plus that type's ``data``), ``events/common.json`` (shared definitions) and
``events/station_status.json`` (the retained status topic). Platforms may use any draft 2020-12
validator; the station and its tests use :func:`validate`, which runs ``jsonschema``'s
``Draft202012Validator`` with every shipped file registered under its ``$id`` (so ``"common.json#/…"``
resolves without a network), and turns each failure into one ``"$.path: what is wrong"`` line.

A schema may only use the keywords in :data:`SUPPORTED_KEYWORDS`: a new keyword (say
``contentEncoding``, which draft 2020-12 treats as an annotation and does not check) is a deliberate
change to this list, never a constraint that silently goes unchecked.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources

import jsonschema
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable

__all__ = ["SUPPORTED_KEYWORDS", "SchemaError", "event_schema_names", "load_schema", "subschemas", "validate",
           "validate_event"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_INLINE_ID = "https://dealer-station.example/schemas/events/inline.json"   # base of a schema given as a dict

SUPPORTED_KEYWORDS = frozenset({
    # validation
    "$ref", "type", "enum", "const", "properties", "required", "additionalProperties", "items", "minItems",
    "maxItems", "uniqueItems", "minimum", "maximum", "minLength", "maxLength", "pattern", "allOf", "anyOf",
    "oneOf", "not", "if", "then", "else", "minProperties",
    # annotations and identifiers (no effect on validation)
    "$schema", "$id", "$defs", "$comment", "title", "description", "examples", "default", "format",
})


class SchemaError(ValueError):
    """A schema uses a keyword outside :data:`SUPPORTED_KEYWORDS`, or is not a valid draft 2020-12 schema."""


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


@cache
def _registry() -> Registry:
    """Every shipped schema, registered under its ``$id``."""
    return Registry().with_resources(
        (load_schema(n)["$id"], Resource.from_contents(load_schema(n))) for n in event_schema_names())


def subschemas(node: object, path: str = "$") -> Iterator[tuple[str, dict]]:
    """Yield ``(path, subschema)`` for every subschema position of a schema, the schema itself first.

    ``path`` names the position as the errors do (``$.properties.data.$defs.card``, ``$.allOf[1]``);
    booleans have no keywords and are skipped. The one walk of a schema: the keyword check and the
    tests go through it.
    """
    if not isinstance(node, dict):
        return
    yield path, node
    for key in ("properties", "$defs"):
        for name, sub in node.get(key, {}).items():
            yield from subschemas(sub, f"{path}.{key}.{name}")
    for key in ("items", "additionalProperties", "not", "if", "then", "else"):
        yield from subschemas(node.get(key), f"{path}.{key}")
    for key in ("allOf", "anyOf", "oneOf"):
        for i, sub in enumerate(node.get(key, [])):
            yield from subschemas(sub, f"{path}.{key}[{i}]")


def _check_keywords(schema: dict | bool) -> None:
    for path, sub in subschemas(schema):
        unknown = set(sub) - SUPPORTED_KEYWORDS
        if unknown:
            raise SchemaError(f"schema keyword(s) {sorted(unknown)} at {path} are not supported by this validator")


@cache
def _shipped_validator(name: str) -> jsonschema.Draft202012Validator:
    schema = load_schema(name)
    _check_keywords(schema)
    return jsonschema.Draft202012Validator(schema, registry=_registry())


def _show(value: object) -> str:
    return json.dumps(value)[:60]


def _message(error: jsonschema.ValidationError) -> str:
    """One ``"$.path: what is wrong"`` line for a ``jsonschema`` failure, worded the station's way."""
    kind, expected, value = error.validator, error.validator_value, error.instance
    if kind == "required":
        text = f"missing {error.message.removesuffix(' is a required property')}"   # one error per member
    elif kind == "additionalProperties":
        props = error.schema.get("properties", {})
        extra = [k for k in value if k not in props] if isinstance(value, dict) else []
        text = f"unexpected member {', '.join(repr(k) for k in extra)}" if extra else error.message
    elif kind == "type":
        kinds = expected if isinstance(expected, list) else [expected]
        text = f"{_show(value)} is not of type {' or '.join(kinds)}"
    elif kind == "const":
        text = f"{_show(value)} is not {json.dumps(expected)}"
    elif kind == "enum":
        text = f"{_show(value)} is not one of {json.dumps(expected)[:120]}"
    elif kind == "minLength":
        text = f"shorter than {expected}"
    elif kind == "maxLength":
        text = f"longer than {expected}"
    elif kind == "pattern":
        text = f"{value!r} does not match {expected}"
    elif kind == "minimum":
        text = f"{value} is less than {expected}"
    elif kind == "maximum":
        text = f"{value} is more than {expected}"
    elif kind == "minItems":
        text = f"fewer than {expected} items"
    elif kind == "maxItems":
        text = f"more than {expected} items"
    elif kind == "uniqueItems":
        text = "items are not unique"
    elif kind == "minProperties":
        text = f"fewer than {expected} members"
    elif kind in ("anyOf", "oneOf"):
        several = kind == "oneOf" and not error.context   # no failing alternatives: more than one passed
        text = f"matches {'more than one' if several else 'none'} of the {kind} alternatives"
    elif kind == "not":
        text = "matches a schema it must not"
    elif kind is None:   # the schema ``false``
        text = "not allowed"
    else:
        text = error.message
    return f"{error.json_path}: {text}"


def validate(instance: object, schema: dict | bool | str) -> list[str]:
    """Validate ``instance`` against ``schema`` (a dict, or a shipped schema name); return the errors.

    An empty list means valid. Each error is ``"$.path: what is wrong"``. A dict without ``$id`` resolves
    relative references (``"common.json#/$defs/card"``) against the shipped files. Raises
    SchemaError when the schema uses a keyword outside :data:`SUPPORTED_KEYWORDS` or is not a valid
    draft 2020-12 schema, KeyError for a ``$ref`` to nothing.
    """
    if isinstance(schema, str):
        validator = _shipped_validator(schema)
    else:
        _check_keywords(schema)
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as err:
            raise SchemaError(f"not a draft 2020-12 schema: {err.message}") from err
        if isinstance(schema, dict) and "$id" not in schema:   # "common.json#/…" resolves beside the shipped files
            schema = {**schema, "$id": _INLINE_ID}
        validator = jsonschema.Draft202012Validator(schema, registry=_registry())
    try:
        errors = list(validator.iter_errors(instance))
    except Unresolvable as err:
        raise KeyError(f"$ref to nothing: {err}") from err
    return [_message(e) for e in errors]


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
