"""A method of a feeding class that only the queue's line calls, for its ``shapes=``:

    def __init__(self, inputs, capacity):
        self.inputs = inputs
        self.queue = tf.FIFOQueue(capacity, dtypes=[i.dtype for i in self.inputs], shapes=self._get_shape())
    def _get_shape(self):                        # each placeholder's shape less its batch dimension
        shapes = []
        for i in self.inputs:
            shapes.append(tf.TensorShape(i.get_shape().dims[1:]))
        return shapes

The queue's line goes with the queue (``klass.py``), and the generator's shapes are then read from the placeholders
(``queue.component_shapes``), so the helper is called by nothing: it goes too, where it takes only ``self``, is
called (with no arguments) by that line alone, and builds what it returns from nothing but reads: local names
bound and appended to, loops, and calls of ``get_shape`` / ``as_list`` / ``TensorShape`` / ``list`` / ``len`` /
``tuple`` / ``range`` (no attribute or item set, no other call: skipping it skips nothing the program saw).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of
from tfdata_bridge._src.migrate.feed.members import contains, instance_uses, methods_of, self_attr

_READS = frozenset({"get_shape", "as_list", "TensorShape", "append", "list", "len", "tuple", "range"})


def shape_helpers(module: cst.Module, cls: cst.ClassDef, qstmt: cst.CSTNode, shapes: cst.BaseExpression | None,
                  self_name: str) -> list[cst.FunctionDef]:
    """The helper methods (see the module's docstring) the queue's ``shapes=`` argument calls, which go with it;
    empty where it calls none or one that is not such a helper (the argument is then read as before)."""
    if not isinstance(shapes, cst.Call) or shapes.args:
        return []
    name = self_attr(shapes.func, self_name) if isinstance(shapes.func, cst.Attribute) else None
    method = methods_of(cls).get(name or "")
    if method is None or not _pure(method):
        return []
    if not all(contains(qstmt, use) for use in instance_uses(module, cls, name)):
        return []  # (called elsewhere too: it stays)
    return [method]


def _pure(method: cst.FunctionDef) -> bool:
    params = method.params
    if method.decorators or len(params.params) != 1 or params.kwonly_params or params.posonly_params or \
            not isinstance(params.star_arg, cst.MaybeSentinel) or params.star_kwarg is not None:
        return False
    if nodes_of(method.body, cst.Yield) or nodes_of(method.body, cst.Global) or nodes_of(method.body, cst.Nonlocal) \
            or nodes_of(method.body, cst.AugAssign) or nodes_of(method.body, cst.Del) or \
            [f for f in nodes_of(method.body, cst.FunctionDef)] or nodes_of(method.body, cst.Lambda):
        return False
    for assign in nodes_of(method.body, cst.Assign):
        if not all(isinstance(t.target, cst.Name) for t in assign.targets):
            return False  # (an attribute or an item set: the helper changes what others read)
    for call in nodes_of(method.body, cst.Call):
        func = call.func
        last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) \
            else None
        if last not in _READS:
            return False
        if last == "append" and not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
                                     and func.value.value != method.params.params[0].name.value):
            return False  # (``append`` to a local list only)
    return True



