"""The operations of an OpenAPI document (as a dict), for the modules that finish it."""

from __future__ import annotations

from typing import Any


def operations(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Every operation object under ``paths`` (a path item's other keys, such as its
    ``parameters`` list, are not operations)."""
    return [
        operation
        for item in document["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
    ]
