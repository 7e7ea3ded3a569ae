"""A fed placeholder read for its static shape or dtype beyond the feed (``self.inputs.set_shape(
self._placeholders[0].shape)``, the TTS feeders): the placeholder stays where it was made, unfed, and the read
gives what it gave; any other use of it still refuses the rewrite."""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of

_STATIC = ("shape", "dtype", "get_shape")


def shape_read(stmt: cst.CSTNode, use: cst.BaseExpression) -> bool:
    """``use`` (a placeholder, or a list of them) is read in ``stmt`` as ``use.shape`` / ``use.dtype`` /
    ``use.get_shape()``, or so of one item ``use[k]``."""
    for a in nodes_of(stmt, cst.Attribute):
        if a.attr.value not in _STATIC:
            continue
        if a.value is use or isinstance(a.value, cst.Subscript) and a.value.value is use:
            return True
    return False
