"""A ``with tf.control_dependencies([...]):`` block between the read and the batch (pix2pix's channel check).

    raw = tf.image.decode_png(contents)
    assertion = tf.assert_equal(tf.shape(raw)[2], 3, message="image does not have 3 channels")
    with tf.control_dependencies([assertion]):
        raw = tf.identity(raw)
    batch = tf.train.batch([raw], ...)

Legacy ran the assertion for each element before the statements under the ``with``. Inside a tf.data ``map``
function the block means the same thing (the function's ops under it wait for the assertion, per element, and a
failed one fails that element's ``get_next``), so the block moves into the map function whole, as the ``if``
choosing names does (``branch_names.py``): its body must be plain assignments, its headers
``control_dependencies`` calls with no ``as``. The pipeline walk keeps such a block as one statement
(``pipelines._flatten``) instead of spreading its body into the block around it, which would drop the
dependency.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import dotted

_NAME = "control_dependencies"


def _header(item: cst.WithItem) -> bool:
    call = item.item
    if item.asname is not None or not isinstance(call, cst.Call):
        return False
    func = dotted(call.func) if isinstance(call.func, (cst.Name, cst.Attribute)) else None
    return func is not None and func.rsplit(".", 1)[-1] == _NAME


def control_block(stmt: cst.BaseStatement) -> bool:
    """``stmt`` is a ``with`` whose every header is a ``...control_dependencies(...)`` call (no ``as``)."""
    return isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock) and bool(stmt.items) and \
        all(_header(item) for item in stmt.items)


def graph_method(finder, stmt: cst.With) -> str | None:
    """The header of ``stmt`` that is no TensorFlow ``control_dependencies`` (``graph.control_dependencies``: a
    graph's method names the graph, which a map function is not), shown; None when each is one."""
    for item in stmt.items:
        path = finder.api(item.item)
        if path is None or path.rsplit(".", 1)[-1] != _NAME:
            return cst.Module([]).code_for_node(item.item)
    return None


__all__ = ["control_block", "graph_method"]
