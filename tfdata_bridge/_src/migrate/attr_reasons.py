"""The reason said where a pipeline's reader is an attribute (``self._reader``) the rewrite did not follow."""

from __future__ import annotations

import libcst as cst


def attribute_reader(reader: cst.BaseExpression) -> str | None:
    """Why a reader read as ``obj.A.read(queue)`` is left; None where it is not an attribute."""
    if not (isinstance(reader, cst.Attribute) and isinstance(reader.value, cst.Name)):
        return None
    name = cst.Module([]).code_for_node(reader)
    return (f"the reader is an attribute (`{name}`), followed only where it is set once to a reader and named "
            "nowhere else but at this one read; make it a local name, or keep the queues (`migrate --to compat`)")


__all__ = ["attribute_reader"]
