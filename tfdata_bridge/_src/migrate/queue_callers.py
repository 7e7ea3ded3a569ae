"""Where a queue a function returns goes: ``caller_dequeues`` follows ``q = f(...)`` (and ``return f(...)`` up
through the functions returning it) to each caller's one ``q.dequeue()``, refusing any other use of the queue,
since after the rewrite those callers meet tensors instead of a queue."""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, holder_of, nodes_of
from tfdata_bridge._src.migrate.walk import Visitor


def caller_dequeues(finder, fn: cst.FunctionDef, first: list[cst.CSTNode]
                    ) -> list[tuple[cst.SimpleStatementLine, cst.BaseExpression]]:
    """For a function returning a queue: each ``y = v.dequeue()`` (or ``return v.dequeue()``) of its callers, where
    ``v = fn(...)`` (or ``v = g(...)`` of a ``g`` that returns ``fn(...)``) and ``v`` is read by nothing else, or
    ``y = fn(...).dequeue()``; with what the dequeue becomes (``v``, ``fn(...)``). Any other use of the queue is refused: it would meet tensors instead."""
    out: list[tuple[cst.SimpleStatementLine, cst.BaseExpression]] = []
    seen: set[int] = set()
    todo: list[tuple[cst.FunctionDef, list[cst.CSTNode]]] = [(fn, first)]
    while todo:
        f, callers = todo.pop()
        if id(f) in seen:
            raise Refusal(f"`{f.name.value}` calls itself")
        seen.add(id(f))
        if not callers:
            raise Refusal(f"`{f.name.value}` returns the queue and is not called in its module (a caller in another "
                          "module would meet tensors instead of a queue; where a module of the migrated tree calls "
                          "it, the note at that call says why it is left)")
        for name in callers:
            holder = _holder(finder, name)
            small = holder.body[0] if holder is not None and len(holder.body) == 1 else None
            value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
            if isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Attribute) and \
                    value.func.attr.value == "dequeue" and isinstance(value.func.value, cst.Call) and \
                    value.func.value.func is name:  # ``y = f(...).dequeue()``
                out.append((holder, value.func.value))
                continue
            if small is None or not isinstance(value, cst.Call) or value.func is not name:
                raise Refusal(f"`{f.name.value}` is used other than as `queue = {f.name.value}(...)`")
            if isinstance(small, cst.Return):
                outer = function_of(finder, holder)
                if not isinstance(outer, cst.FunctionDef):
                    raise Refusal(f"`{f.name.value}(...)` is returned from no function")
                todo.append((outer, finder.scopes.callers(outer)))
                continue
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                    isinstance(small.targets[0].target, cst.Attribute):
                kept = cst.Module([]).code_for_node(small.targets[0].target)
                line = finder.scopes.lines.get(holder)
                kept += f"` (line {line})" if line else "`"
                raise Refusal(f"the queue `{f.name.value}` returns is kept on an attribute, `{kept}, and dequeued "
                              "wherever the object is used: a queue held by an object is not followed to its "
                              "dequeue (a local name read by one `dequeue()` is)")
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)):
                raise Refusal(f"the queue `{f.name.value}` returns is not assigned to one name")
            v = small.targets[0].target.value
            uses = finder.scopes.readers_of(holder, v)
            if len(uses) != 1:
                raise Refusal(f"the queue `{v}` is used beyond one `{v}.dequeue()` (each dequeue takes other "
                              "elements)")
            d = _holder(finder, uses[0])
            if d is not None and not same_turns(finder, holder, d):
                raise Refusal(f"`{v}.dequeue()` runs in a loop or a nested function (one per tower, say): each "
                              "dequeue takes the next element (the towers compete for them); the tensors the queue "
                              "was filled with would give every dequeue the same one in a step, and one iterator's "
                              "`get_next()` per dequeue, which would not, needs the dataset those tensors come "
                              "from, which the rewrite does not follow back through the calls that return them "
                              "yet; keep the queue (`migrate --to compat`)")
            ds = d.body[0] if d is not None and len(d.body) == 1 else None
            if not (isinstance(ds, (cst.Assign, cst.Return)) and isinstance(ds.value, cst.Call) and not ds.value.args
                    and isinstance(ds.value.func, cst.Attribute) and ds.value.func.value is uses[0]
                    and ds.value.func.attr.value == "dequeue"):
                handed = _handed_to(d, uses[0]) if d is not None else None
                if handed is not None:
                    said = cst.Module([]).code_for_node(handed.func)
                    line = finder.scopes.lines.get(d)
                    raise NotADequeue(
                        f"the queue `{v}` is handed to `{said}(...)`{f' (line {line})' if line else ''}, which the "
                        "rewrite does not follow: each dequeue made where it goes (once per clone or tower, a "
                        "`clone_fn` called in a loop) took the next element; the tensors the queue was filled with "
                        "would give every one the same element; dequeue it once here and hand the tensors on, or "
                        "keep the queue (`migrate --to compat`)")
                raise NotADequeue(f"the queue `{v}` is used other than by `{v}.dequeue()` as a statement of its own")
            out.append((d, cst.Name(v)))
    return out


def _handed_to(stmt: cst.SimpleStatementLine, use: cst.CSTNode) -> cst.Call | None:
    """The call of ``stmt`` that ``use`` is an argument of (or an element of a list or tuple argument of)."""
    for call in nodes_of(stmt, cst.Call):
        for arg in call.args:
            value = arg.value
            if value is use or isinstance(value, (cst.List, cst.Tuple)) and any(e.value is use for e in value.elements):
                return call
    return None


class NotADequeue(Refusal):
    """The caller uses the queue other than by one ``dequeue()``: where another rewrite already said why it
    left that use (``returned_queue.py``: a batched dequeue that cannot move), its reason is the precise one."""


def _holder(finder, node: cst.CSTNode) -> cst.SimpleStatementLine | None:
    fn = function_of(finder, node)
    return holder_of(nodes_of(fn, cst.SimpleStatementLine), node) if fn is not None else None


def function_of(finder, stmt: cst.CSTNode) -> cst.CSTNode | None:
    scope = finder.scopes.scope(stmt)
    return getattr(scope, "node", None)


def same_turns(finder, made: cst.SimpleStatementLine, used: cst.SimpleStatementLine) -> bool:
    """Whether ``used`` runs once each time ``made`` does: the same scope (no nested function, which may be
    called many times, as slim's per-clone ``clone_fn``), and no loop around ``used`` that is not around ``made``
    (a dequeue in a loop makes one dequeue op per turn, each taking other elements)."""
    scope = finder.scopes.scope(made)
    if scope is None or finder.scopes.scope(used) is not scope:
        return False
    fn = getattr(scope, "node", None)
    if fn is None:
        return False
    loops: dict[int, frozenset[int]] = {}

    class _Loops(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.stack: list[int] = []

        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, cst.SimpleStatementLine):
                loops[id(node)] = frozenset(self.stack)
            if isinstance(node, (cst.For, cst.While)):
                self.stack.append(id(node))
            return True

        def on_leave(self, node: cst.CSTNode) -> None:
            if isinstance(node, (cst.For, cst.While)):
                self.stack.pop()

    fn.visit(_Loops())
    return id(used) in loops and id(made) in loops and loops[id(used)] <= loops[id(made)]
