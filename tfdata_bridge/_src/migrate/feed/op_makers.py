"""The class form's ops made apart from its queue: the queue kept on the instance by one method, its enqueue op,
its close op and the placeholders they take made by another method of the class.

    class Runner:
        def __init__(self, capacity):
            self.queue = tf.FIFOQueue(capacity, [tf.float32, tf.int64], shapes=[[2], []])
        def build(self):                                   # (or ``start_threads``, before it makes the thread)
            self.x = tf.placeholder(tf.float32, [None, 2]); self.y = tf.placeholder(tf.int64, [None])
            self.enqueue_op = self.queue.enqueue_many([self.x, self.y])
            self.close_op = self.queue.close()             # run by the feeding method alone, at its end

The class form (``klass.py``) reads the enqueue op where the queue is made; here it reads it over the making
method and these methods together, as if they were one: the statements that make the ops go from their method
(a method left empty is ``pass``; its callers still call it), and the close, run by the feeding thread alone,
goes with the thread (the generator's end is the close). The feeding method may make the ops itself, before its
loop: they go from its generator.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of

from tfdata_bridge._src.migrate.feed.class_local import is_queue
from tfdata_bridge._src.migrate.feed.members import flat, methods_of, self_assign

_OPS = ("enqueue", "enqueue_many", "close")


def op_makers(cls: cst.ClassDef, maker: cst.FunctionDef, self_name: str, qattr: str,
              local: str | None = None) -> list[cst.FunctionDef]:
    """The methods of ``cls`` other than ``maker`` that keep an op of the queue on the instance (``self.op =
    self.queue.enqueue[_many](...)`` or ``.close()``, at the top of the method or in its ``with`` blocks), taking
    the instance as ``self_name`` (the queue is ``self.<qattr>`` there)."""
    out = []
    for method in methods_of(cls).values():
        if method is maker or method.decorators or not isinstance(method.body, cst.IndentedBlock) or \
                not method.params.params or method.params.params[0].name.value != self_name:
            continue
        for stmt in flat(method):
            found = self_assign(stmt, self_name)
            value = found[1] if found is not None else None
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
                    value.func.attr.value in _OPS and is_queue(value.func.value, self_name, qattr, None):
                out.append(method)
                break
    return out


def scanned(maker: cst.FunctionDef, others: list[cst.FunctionDef]) -> cst.FunctionDef:
    """``maker`` read with the statements of ``others`` after its own (the same nodes: what goes from the one goes
    from its method)."""
    if not others:
        return maker
    body = [*maker.body.body, *[s for m in others for s in m.body.body]]
    return maker.with_changes(body=maker.body.with_changes(body=body))


def made_in(methods: list[cst.FunctionDef], self_name: str, attrs: list[str]) -> list[str]:
    """Those of ``attrs`` that one of ``methods`` sets on the instance."""
    return [a for a in attrs if any((found := self_assign(s, self_name)) is not None and found[0] == a
                                    for m in methods for s in flat(m))]


def set_up_makers(module: cst.Module, cls: cst.ClassDef, makers: list[cst.FunctionDef],
                  external=None) -> list[cst.FunctionDef]:
    """The methods of ``cls`` beyond ``makers`` (``__init__`` and what it alone calls) that make a queue kept on
    the instance and run once per instance (a ``_setup(self, ...)`` the program calls once on its object, outside
    a loop, or once on each of several objects, each a name made once by calling the class; or, the class's module
    never calling it, once in the tree's other modules): where the class form may read the queue too. A method that may run twice on one object is none of these (each run would make another
    queue), and is said by ``class_unmade.py``."""
    from tfdata_bridge._src.migrate.feed.klass import _distinct_instances
    from tfdata_bridge._src.migrate.object_uses import runs_once, tree_uses, uses

    out = []
    for method in methods_of(cls).values():
        if method in makers or method.name.value.startswith("__") or method.decorators or \
                not isinstance(method.body, cst.IndentedBlock) or not method.params.params:
            continue
        me = method.params.params[0].name.value
        if not any((found := self_assign(s, me)) is not None and isinstance(found[1], cst.Call) and
                   isinstance(found[1].func, (cst.Attribute, cst.Name)) and
                   getattr(found[1].func, "attr", found[1].func).value in ("FIFOQueue", "PaddingFIFOQueue",
                                                                          "RandomShuffleQueue")
                   for s in flat(method)):
            continue
        name = method.name.value
        local = uses(module, cls, name)
        elsewhere = tree_uses(external, name)
        if len(local) + elsewhere == 1 and not (local and (local[0][2] or runs_once(module, cls, name) is not None)):
            out.append(method)
        elif len(local) > 1 and not elsewhere and not any(looped for _, _, looped in local) and \
                _distinct_instances(module, cls, [n for n, _, _ in local]):
            out.append(method)  # (``train._setup(); test._setup()``: once on each of two objects)
    return out


def without(method: cst.FunctionDef, gone: list[cst.CSTNode]) -> cst.FunctionDef:
    """``method`` less the statements of ``gone`` (a block left empty holds ``pass``)."""
    if not any(any(s is g for g in gone) for s in nodes_of(method, cst.SimpleStatementLine)):
        return method

    class _Drop(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            return cst.RemovalSentinel.REMOVE if any(original is g for g in gone) else updated

        def leave_IndentedBlock(self, original, updated):
            return updated if updated.body else updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])

    return method.visit(_Drop())
