"""Why a class's feeding method that feeds two queues in lockstep is left (WaveNet's ``AudioReader``):

    def __init__(self, ...):
        self.queue = tf.PaddingFIFOQueue(queue_size, ['float32'], shapes=[(None, 1)])
        self.enqueue = self.queue.enqueue([self.sample_placeholder])
        if self.gc_enabled:
            self.gc_queue = tf.PaddingFIFOQueue(queue_size, ['int32'], shapes=[()])
            self.gc_enqueue = self.gc_queue.enqueue([self.id_placeholder])
    def thread_main(self, sess):
        ...
            sess.run(self.enqueue, feed_dict={self.sample_placeholder: piece})
            if self.gc_enabled:
                sess.run(self.gc_enqueue, feed_dict={self.id_placeholder: category_id})
    def dequeue(self, n): return self.queue.dequeue_many(n)
    def dequeue_gc(self, n): return self.gc_queue.dequeue_many(n)

The two queues' batches pair up only because one thread enqueues into both in turn and the trainer takes the same
count from each. The rewrite would be one ``from_generator`` yielding both, batched once, whose one ``get_next()``
both methods read (and only the first where the second queue is not made); it is not made: the two reads would
each need the same iterator, made once, and a count each caller gives alike. The reason names both queues, the
``if`` a queue is made behind, where the feeding method runs each op and where each queue is dequeued, so the user
sees the obstacle (not "something other than the enqueue").
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.feed.members import attr_uses, self_assign, self_attr


def _made(init: cst.FunctionDef, self_name: str) -> dict[str, tuple[cst.CSTNode, str | None]]:
    """attribute -> (its statement, the test of the ``if`` it is made behind, or None) for ``self.x = ...`` in
    ``__init__``, ``with`` and ``if`` blocks walked into."""
    out: dict[str, tuple[cst.CSTNode, str | None]] = {}
    code = cst.Module([]).code_for_node

    def walk(body, test: str | None) -> None:
        for stmt in body:
            found = self_assign(stmt, self_name)
            if found is not None:
                out.setdefault(found[0], (stmt, test))
            if isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock):
                walk(stmt.body.body, test)
            if isinstance(stmt, cst.If):
                inner = code(stmt.test)
                walk(stmt.body.body if isinstance(stmt.body, cst.IndentedBlock) else (), inner)
                if isinstance(stmt.orelse, cst.Else) and isinstance(stmt.orelse.body, cst.IndentedBlock):
                    walk(stmt.orelse.body.body, f"not {inner}")

    walk(init.body.body if isinstance(init.body, cst.IndentedBlock) else (), None)
    return out


def _lines_of(index, method: cst.FunctionDef, attr: str) -> list[int]:
    """The lines of ``method``'s statements reading ``X.attr``."""
    out = []
    for node, line in index.lines.items():
        if line and any(a is n for a in attr_uses(method, attr) for n in _attributes(node)):
            out.append(line)
    return sorted(set(out))


def _at(lines: list[int]) -> str:
    return f"line {lines[0]}" if len(lines) == 1 else f"lines {', '.join(map(str, lines))}"


def _attributes(stmt: cst.CSTNode) -> list[cst.Attribute]:
    from tfdata_bridge._src.migrate.calls import nodes_of

    return nodes_of(stmt, cst.Attribute)


def lockstep_reason(index, init: cst.FunctionDef, self_name: str, feeder: cst.FunctionDef, qattr: str,
                    methods: dict[str, cst.FunctionDef]) -> str | None:
    """The reason for a feeding method that runs the enqueue op of another queue made in ``__init__`` (walking
    into its ``if`` blocks); None where it feeds ``qattr`` alone."""
    made = _made(init, self_name)
    ops: dict[str, str] = {}  # queue attribute -> its enqueue op's attribute
    for attr, (stmt, _) in made.items():
        value = stmt.body[0].value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                and value.func.attr.value in ("enqueue", "enqueue_many"):
            queue = self_attr(value.func.value, self_name)
            if queue is not None:
                ops.setdefault(queue, attr)
    if qattr not in ops:
        return None
    others = [q for q, op in ops.items() if q != qattr and attr_uses(feeder, op) and q in made]
    if not others:
        return None
    other = others[0]
    fname = feeder.name.value

    def said(queue: str) -> str:
        stmt, test = made[queue]
        line = index.lines.get(stmt, 0)
        behind = f", behind `if {test}:`" if test is not None else ""
        reads = [f"`{m.name.value}`, {_at(lines)}" for m in methods.values()
                 if m is not init and m is not feeder and (lines := _lines_of(index, m, queue))]
        read = f"; read by {'; '.join(reads)}" if reads else ""
        return (f"`{self_name}.{queue}` (line {line}{behind}; its op `{self_name}.{ops[queue]}` run at "
                f"{_at(_lines_of(index, feeder, ops[queue]))}{read})")

    return (f"`{fname}` feeds several queues in lockstep, {said(qattr)} and {said(other)}: their batches pair up only "
            f"because one thread enqueues into both in turn and each is dequeued by the same count; the rewrite "
            f"would be one `from_generator` yielding both, batched once, whose one `get_next()` both reads take, "
            f"which is not made; `--fallback compat` runs it through the drop-in")


def lockstep_queues(cls: cst.ClassDef, feeder: cst.FunctionDef) -> list[str]:
    """The queues (attributes made in ``__init__``, its ``if`` blocks walked into) whose enqueue ops ``feeder``
    runs, where they are two or more: a batch of one of them is read in lockstep with the others."""
    init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
    if init is None or not init.params.params:
        return []
    me = init.params.params[0].name.value
    out = []
    for attr, (stmt, _) in _made(init, me).items():
        value = stmt.body[0].value
        queue = self_attr(value.func.value, me) if isinstance(value, cst.Call) and isinstance(
            value.func, cst.Attribute) and value.func.attr.value in ("enqueue", "enqueue_many") else None
        if queue is not None and attr_uses(feeder, attr) and queue not in out:
            out.append(queue)
    return out if len(out) > 1 else []
