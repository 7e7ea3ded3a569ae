"""A file-name queue's ``dequeue()`` written inside an expression, named first: the form ``dequeue_names.py`` reads.

    queue = tf.train.string_input_producer(files, num_epochs=1)
    contents = tf.read_file(queue.dequeue())              # or tf.train.batch([queue.dequeue()], 4)

become, before recognition,

    queue = tf.train.string_input_producer(files, num_epochs=1)
    file_name = queue.dequeue()
    contents = tf.read_file(file_name)

which is the same program (the dequeue op is made once, just before the statement that used it, and nothing
evaluates it conditionally: a dequeue inside a lambda, a comprehension, a conditional expression or a boolean
operation is left). Only a queue bound once in the block to a call named ``string_input_producer`` (or such a
call written in place) is named, once per queue; so is an input producer's over a tensor
(``slice_end = range_q.dequeue() + 1`` of ``range_input_producer`` / ``input_producer``: ``index = range_q.dequeue()``
then ``slice_end = index + 1``, the form ``tensors.py`` reads); ``to_tfdata.run`` keeps the named module only where it lets
more pipelines be rewritten (the recogniser checks what the call is), so a program left alone stays as written.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, dotted, names_in, nodes_of


def name_inline_dequeues(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each file-name queue's ``dequeue()`` inside an expression named first (the same module
    object when there is none)."""
    code = code_of(module)
    if not (".dequeue()" in code and "input_producer" in code or
            any(f".{m}(" in code for m in _BATCHED) and "Queue(" in code):
        return module
    namer = _Namer(names_in(module))
    out = module.visit(namer)
    return cst.parse_module(out.code) if namer.changed else module  # (fresh nodes: none shared with `module`)


# the producers whose queue a ``dequeue()`` reads one element of, and the name the element gets
_ELEMENT = {"string_input_producer": "file_name", "range_input_producer": "index", "input_producer": "element"}
# a hand-built queue's batched dequeue written inside an expression (``return Batch(*queue.dequeue_many(n))``, the
# NMT iterator's namedtuple): named first, it is the ``batch = queue.dequeue_many(n)`` that ``runner_queue.py`` reads
_BATCHED = ("dequeue_many", "dequeue_up_to")
_QUEUES = ("FIFOQueue", "PaddingFIFOQueue", "RandomShuffleQueue")


def _producer_call(node: cst.BaseExpression) -> bool:
    return _short(node) is not None


def _short(node: cst.BaseExpression) -> str | None:
    short = dotted(node.func).rsplit(".", 1)[-1] if isinstance(node, cst.Call) else None
    return short if short in _ELEMENT else None


def _guarded(stmt: cst.CSTNode) -> set[int]:
    """Ids of the nodes evaluated conditionally or in another scope (lambdas, comprehensions, ``a if c else b``,
    ``a and b``)."""
    out: set[int] = set()
    for kind in (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.IfExp,
                 cst.BooleanOperation):
        for node in nodes_of(stmt, kind):
            out |= {id(n) for n in nodes_of(node, cst.Call)}
    return out


class _Namer(cst.CSTTransformer):
    def __init__(self, taken: set[str]) -> None:
        super().__init__()
        self.taken = set(taken)
        self.changed = False

    def _fresh(self, name: str = "file_name") -> str:
        while name in self.taken:
            name += "_"
        self.taken.add(name)
        return name

    def _block(self, body: list[cst.BaseStatement]) -> list[cst.BaseStatement] | None:
        producers: dict[str, int] = {}  # queue name -> how many times the block binds it
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign):
                        for t in small.targets:
                            for n in names_in(t.target):
                                producers[n] = producers.get(n, 0) + 1
        bound_once = {s.body[0].targets[0].target.value: _short(s.body[0].value)  # type: ignore[attr-defined]
                      for s in body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
                      and isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1
                      and isinstance(s.body[0].targets[0].target, cst.Name) and _producer_call(s.body[0].value)
                      and producers.get(s.body[0].targets[0].target.value) == 1}
        queues = {s.body[0].targets[0].target.value  # type: ignore[attr-defined]
                  for s in body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
                  and isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1
                  and isinstance(s.body[0].targets[0].target, cst.Name) and isinstance(s.body[0].value, cst.Call)
                  and dotted(s.body[0].value.func).rsplit(".", 1)[-1] in _QUEUES
                  and producers.get(s.body[0].targets[0].target.value) == 1}
        out: list[cst.BaseStatement] = []
        changed = False
        for stmt in body:
            if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
                out.append(stmt)
                continue
            small = stmt.body[0]
            whole = small.value if isinstance(small, (cst.Assign, cst.Expr, cst.Return)) else None
            guarded = _guarded(stmt)
            found = [c for c in nodes_of(stmt, cst.Call)
                     if isinstance(c.func, cst.Attribute) and c.func.attr.value == "dequeue" and not c.args
                     and c is not whole and id(c) not in guarded
                     and (isinstance(c.func.value, cst.Name) and c.func.value.value in bound_once
                          or _producer_call(c.func.value))]
            batched = [c for c in nodes_of(stmt, cst.Call)
                       if isinstance(c.func, cst.Attribute) and c.func.attr.value in _BATCHED and c is not whole
                       and id(c) not in guarded and isinstance(c.func.value, cst.Name) and c.func.value.value in queues]
            if len(found) + len(batched) != 1:
                out.append(stmt)
                continue
            call = (found or batched)[0]
            queue = call.func.value
            name = self._fresh("batch") if batched else \
                self._fresh(_ELEMENT[_short(queue) or bound_once[queue.value]])  # type: ignore[attr-defined]
            named = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], call)],
                                            leading_lines=stmt.leading_lines)
            out += [named, stmt.visit(_Replace(call, name)).with_changes(leading_lines=())]
            changed = True
        return out if changed else None

    def leave_IndentedBlock(self, original, updated):
        new = self._block(list(updated.body))
        if new is None:
            return updated
        self.changed = True
        return updated.with_changes(body=new)


class _Replace(cst.CSTTransformer):
    def __init__(self, call: cst.Call, name: str) -> None:
        super().__init__()
        self.call, self.name = call, name

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        return cst.Name(self.name) if original is self.call else updated
