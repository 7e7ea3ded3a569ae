"""The class form's queue made under a local name (the audio feeders' ``__init__``):

    queue = tf.PaddingFIFOQueue(capacity, [tf.float32, ...], shapes=[...])
    self._enqueue_op = queue.enqueue(self._placeholders)
    self._close_op = queue.close()
    self._queue = queue                                   # the instance's one handle on it

The local name is the attribute it is stored in, inside the method that made it: every other use of the name in
that method must be an enqueue or close op stored on ``self`` (``class_init.py`` reads them), the one store, or
a dequeue (``self.inputs, self.lengths = queue.dequeue()``: the instance's one dequeue, made there).
Anything else (a dequeue there, the name handed on, stored twice, bound again) is refused with its line.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, identifiers, nodes_of
from tfdata_bridge._src.migrate.feed.members import flat, self_assign, self_attr
from tfdata_bridge._src.migrate.feed.queue import DEQUEUES


def local_queue(stmt: cst.BaseStatement) -> tuple[str, cst.Call] | None:
    """(name, call) for the statement ``name = Call(...)``."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name) \
            and isinstance(stmt.body[0].value, cst.Call):
        return stmt.body[0].targets[0].target.value, stmt.body[0].value
    return None


def stored_as(index, maker: cst.FunctionDef, self_name: str, qstmt: cst.BaseStatement, local: str
              ) -> tuple[str, cst.SimpleStatementLine | None, list[cst.Name]]:
    """The attribute the local queue is stored in, the statement that stores it, and the local name's uses
    that dequeue it there (``self.x, self.y = queue.dequeue()``); refused where the name is used other than by
    that store, those dequeues and the enqueue and close ops stored on ``self``. A queue stored nowhere and
    dequeued there gives ``("", None, dequeues)``: the caller names it by an attribute the class does not use."""
    stores, dequeues = [], []
    for stmt in flat(maker):
        if stmt is qstmt:
            continue
        uses = [n for n in identifiers(stmt) if n.value == local]
        if not uses:
            continue
        found = self_assign(stmt, self_name)
        value = found[1] if found is not None else None
        line = index.lines.get(stmt, "?")
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        call = small.value if isinstance(small, cst.Assign) else None
        if isinstance(value, cst.Name) and value.value == local:
            stores.append((found[0], stmt))
        elif len(uses) == 1 and isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
                and call.func.value is uses[0] and call.func.attr.value in DEQUEUES:
            dequeues.append(uses[0])
        elif not (len(uses) == 1 and isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                  and value.func.value is uses[0] and value.func.attr.value in ("enqueue", "enqueue_many", "close")):
            raise Refusal(f"the queue `{local}` made in `{maker.name.value}` is used there other than by its "
                          f"enqueue and close ops, a dequeue and at most one `{self_name}.attr = {local}` (line {line})")
    if len(stores) > 1:
        raise Refusal(f"the queue `{local}` made in `{maker.name.value}` is stored on `{self_name}` "
                      f"{len(stores)} times; the rewrite needs one attribute to follow")
    if not stores:  # kept by nothing but its ops and its dequeue here (Tacotron's feeder): the local is followed
        if not dequeues:
            raise Refusal(f"the queue `{local}` made in `{maker.name.value}` is neither stored on `{self_name}` "
                          "nor dequeued there: nothing reads it")
        stores.append(("", None))
    rebinds = [a for a in nodes_of(maker, cst.AssignTarget) if isinstance(a.target, cst.Name) and
               a.target.value == local]
    if len(rebinds) != 1:
        raise Refusal(f"`{local}` is bound more than once in `{maker.name.value}`")
    return (*stores[0], dequeues)


def is_queue(node: cst.BaseExpression, self_name: str, qattr: str, local: str | None) -> bool:
    """``self.<qattr>``, or the local name the maker made it under."""
    return self_attr(node, self_name) == qattr or (local is not None and isinstance(node, cst.Name)
                                                    and node.value == local)
