"""Small helpers shared by the console's widgets: reading fields of controller values."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

__all__ = ["as_dict", "field"]


def field(obj: object, name: str, default: object = None) -> object:
    """``obj.name`` or ``obj[name]`` (dataclass, object or mapping), else ``default``. Never raises."""
    if obj is None:
        return default
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def as_dict(obj: object) -> dict:
    """A plain dict of a dataclass, mapping or object with ``__dict__``; ``{}`` for None. Never raises."""
    if obj is None:
        return {}
    if isinstance(obj, Mapping):
        return dict(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    if hasattr(obj, "_asdict"):
        return dict(obj._asdict())
    if hasattr(obj, "__dict__"):
        return {k: v for k, v in vars(obj).items() if not k.startswith("_")}
    return {"value": obj}
