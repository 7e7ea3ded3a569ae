"""A zero-input ``py_func``'s outputs bound to one name, their static shapes set by a loop over a known list:

    tensors = tf.py_func(_next, [], [tf.float32, tf.int32], stateful=True)
    for t, shape in zip(tensors, [[3], []]):            # (or a name bound once to such a list: literal_lists.py)
        t.set_shape([chunk_size] + list(shape))
    return tf.train.batch(tensors, batch_size, enqueue_many=True)

``tensors`` is the generator's element (``params`` ``["*tensors"]``, as a slice producer's tuple), and the loop
gives each output its shape when the graph is built: the k-th shape is the ``set_shape`` argument with the loop's
shape name written as the k-th element of the list. The generator's ``output_signature`` takes those shapes (a
generated element of another shape is an error, as the legacy queue's check of the enqueued tensors was), and the
loop goes with the ``py_func``. Any other loop (more statements, another iterable, a name used after it) is left
to the pipeline's own notes.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import name_counts, nodes_of


def shaping_loop(finder, body, j: int, name: str, outputs: int) -> tuple[cst.For, list[cst.BaseExpression]] | None:
    """(the loop, one shape expression per output) where ``body[j + 1]`` is ``for t, s in zip(name, SHAPES):
    t.set_shape(EXPR)`` with ``SHAPES`` a list of ``outputs`` elements known when migrating; else None."""
    from tfdata_bridge._src.migrate.literal_lists import literal_list

    if j + 1 >= len(body) or not isinstance(body[j + 1], cst.For):
        return None
    loop = body[j + 1]
    it, target = loop.iter, loop.target
    if loop.orelse is not None or loop.asynchronous is not None or not isinstance(loop.body, cst.IndentedBlock) \
            or len(loop.body.body) != 1 or not isinstance(target, (cst.Tuple, cst.List)) \
            or len(target.elements) != 2 or not all(isinstance(e.value, cst.Name) for e in target.elements):
        return None
    t, s = (e.value.value for e in target.elements)
    if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "zip"
            and len(it.args) == 2 and not any(a.keyword or a.star for a in it.args)
            and isinstance(it.args[0].value, cst.Name) and it.args[0].value.value == name):
        return None
    shapes = literal_list(finder, loop, it.args[1].value)
    if shapes is None or len(shapes.elements) != outputs or \
            any(isinstance(e, cst.StarredElement) for e in shapes.elements):
        return None
    line = loop.body.body[0]
    if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 and isinstance(line.body[0], cst.Expr)):
        return None
    call = line.body[0].value
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "set_shape"
            and isinstance(call.func.value, cst.Name) and call.func.value.value == t and len(call.args) == 1
            and not call.args[0].keyword and not call.args[0].star):
        return None
    expr = call.args[0].value
    if t in {n.value for n in nodes_of(expr, cst.Name)}:
        return None
    # the loop's names are read nowhere after it (they would hold the last output and shape)
    if any(name_counts(stmt)[t] or name_counts(stmt)[s] for stmt in body[j + 2:]):
        return None
    return loop, [expr.visit(_Written(s, e.value)).visit(_Joined()) for e in shapes.elements]


class _Written(cst.CSTTransformer):
    def __init__(self, name: str, value: cst.BaseExpression):
        self.name, self.value = name, value

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.value.deep_clone() if original.value == self.name else updated


class _Joined(cst.CSTTransformer):
    """``list([3])`` is ``[3]``; ``[n] + [3]`` is ``[n, 3]`` (the shape as one list display)."""

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if isinstance(updated.func, cst.Name) and updated.func.value in ("list", "tuple") and len(updated.args) == 1 \
                and not updated.args[0].keyword and not updated.args[0].star and \
                isinstance(updated.args[0].value, (cst.List, cst.Tuple)):
            return cst.List([e.with_changes(comma=cst.MaybeSentinel.DEFAULT) for e in updated.args[0].value.elements])
        return updated

    def leave_BinaryOperation(self, original, updated) -> cst.BaseExpression:
        if isinstance(updated.operator, cst.Add) and isinstance(updated.left, cst.List) and \
                isinstance(updated.right, cst.List) and not any(
                    isinstance(e, cst.StarredElement) for e in [*updated.left.elements, *updated.right.elements]):
            return cst.List([e.with_changes(comma=cst.MaybeSentinel.DEFAULT)
                             for e in [*updated.left.elements, *updated.right.elements]])
        return updated


__all__ = ["shaping_loop"]
