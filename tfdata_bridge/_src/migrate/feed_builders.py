"""A feed-thread queue made by a function of the module that returns it, inlined at each of its callers:

    def build_queue(capacity):                             def main(data_dir):
        x = tf.placeholder(tf.int64, [2])                      x = tf.placeholder(tf.int64, [2])
        queue = tf.FIFOQueue(capacity, [tf.int64], ...)        queue = tf.FIFOQueue(6, [tf.int64], ...)
        put = queue.enqueue([x])                               put = queue.enqueue([x])
        return queue, put, x                                   rows = queue.dequeue_many(3)
                                                               ...  (the feeding thread: sess.run(put, ...))
    def main(data_dir):
        queue, put, x = build_queue(6)
        rows = queue.dequeue_many(3)

The feed-thread rewrite (``feed/function.py``) takes a queue whose enqueue, close and dequeue it sees where the
queue is made; a builder that returns the queue hides them all in its callers. Inlined at each call, the
builder's statements stand in the caller, its parameters bound first, each returned local named as the caller's
target it is unpacked to (another returned expression assigned to its target after them), its other locals
renamed apart: the same ops, made in the same order, so the same program, which the feed-thread rewrite then
takes or refuses with its own reason. Only a builder of straight assignments ending in ``return`` of a tuple (or
the queue alone), making a queue (``FIFOQueue``, ``PaddingFIFOQueue``, ``RandomShuffleQueue``) and no runner,
reader or input producer, whose every use in the module is ``names = builder(...)`` (a target per returned item)
in a statement that runs once per call of another function, is inlined; it goes when no other module uses it.
``to_tfdata.run`` keeps the result only where more pipelines are rewritten, so a program left alone (a caller
handing the queue to what the rewrite does not follow) stays as written, with the reason of the module as
written.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, fresh_name, identifiers, names_in, nodes_of, target_names
from tfdata_bridge._src.migrate.inline_sources import _assigned, _bound_args, _Inline, _locals, _once, _Rename, \
    _straight

_QUEUES = ("FIFOQueue", "PaddingFIFOQueue", "RandomShuffleQueue")
_NOT = ("QueueRunner", "add_queue_runner", "input_producer", "slice_input_producer", "range_input_producer",
        "string_input_producer", "read", "read_up_to")


def _last(func: cst.BaseExpression) -> str:
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""


def _builder(fn: cst.FunctionDef) -> tuple[list[cst.SimpleStatementLine], list[cst.BaseExpression]] | None:
    """(the statements, the returned items) of a feed-queue builder; None for any other function."""
    body = _straight(fn)
    if body is None:
        return None
    calls = [_last(c.func) for s in body for c in nodes_of(s, cst.Call)]
    if sum(c in _QUEUES for c in calls) != 1 or any(c in _NOT or c.endswith("Reader") or "batch" in c
                                                   for c in calls):
        return None
    queue = next((target_names(s.body[0].targets[0].target) for s in body[:-1] if isinstance(s.body[0], cst.Assign)
                  and isinstance(s.body[0].value, cst.Call) and _last(s.body[0].value.func) in _QUEUES), None)
    value = body[-1].body[0].value
    items = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
    if not queue or len(queue) != 1 or not any(isinstance(v, cst.Name) and v.value == queue[0] for v in items):
        return None
    return body, items


class _Literals(cst.CSTTransformer):
    """Reads of the parameters ``values`` names replaced by their literal arguments."""

    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        self.values = values

    def leave_Attribute(self, original, updated):
        return updated.with_changes(attr=original.attr)  # (``x.name``: no variable)

    def leave_Arg(self, original, updated):
        return updated.with_changes(keyword=original.keyword)  # (``f(name=...)``: no variable)

    def leave_Name(self, original, updated):
        return self.values.get(original.value, updated)


def inline_feed_builders(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each feed-queue builder inlined at its calls (``module`` itself where there is none)."""
    text = code_of(module)
    if "Queue(" not in text or "return" not in text or "placeholder" not in text:
        return module
    builders = {}
    for fn in module.body:
        if isinstance(fn, cst.FunctionDef) and (found := _builder(fn)) is not None:
            builders[fn.name.value] = (fn, *found)
    if not builders:
        return module
    taken = {n.value for n in identifiers(module)} | {n.value for n in nodes_of(module, cst.Name)}
    new: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}
    gone = set()
    for name, (fn, body, items) in builders.items():
        defs = {id(f.name) for f in nodes_of(module, cst.FunctionDef)}
        uses = [n for n in nodes_of(module, cst.Name) if n.value == name and id(n) not in defs]
        sites: dict[int, tuple[cst.SimpleStatementLine, cst.FunctionDef]] = {}
        for caller in nodes_of(module, cst.FunctionDef):
            if caller is fn:
                continue
            for stmt in _once(caller):
                small = stmt.body[0]
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call) \
                        and isinstance(small.value.func, cst.Name) and small.value.func.value == name:
                    sites[id(small.value.func)] = (stmt, caller)
        if not uses or any(id(n) not in sites for n in uses):
            continue  # (a use that is not an inlinable call: the builder stays whole, and is not inlined)
        planned = {}
        for stmt, caller in sites.values():
            small = stmt.body[0]
            target = small.targets[0].target
            targets = [e.value for e in target.elements] if isinstance(target, (cst.Tuple, cst.List)) else [target]
            if len(items) > 1 and not isinstance(target, (cst.Tuple, cst.List)) or len(targets) != len(items) or \
                    not all(isinstance(t, cst.Name) for t in targets):
                break
            bound = _bound_args(fn, small.value)
            own = _assigned(caller)
            free = set().union(*(names_in(s) for s in body)) - _locals(fn, body)
            if bound is None or free & own:
                break  # (a global of the builder's that the caller binds too would mean another value)
            tnames = [t.value for t in targets]
            if any(names_in(v) & set(tnames) for v in bound.values()):
                break  # (``x = build(x)``: the argument is read after the target is bound)
            params = set(bound)
            counts: dict[str, int] = {}
            for s in body[:-1]:
                for n in target_names(s.body[0].targets[0].target) or ():
                    counts[n] = counts.get(n, 0) + 1
            names: dict[str, str] = {}
            direct: set[int] = set()
            for item, t in zip(items, tnames):
                if isinstance(item, cst.Name) and item.value not in params and counts.get(item.value) == 1 and \
                        item.value not in names:
                    names[item.value] = t  # (the returned local is the caller's target)
                    direct.add(id(item))
            for local in sorted(_locals(fn, body)):
                if local not in names:
                    names[local] = fresh_name(local, taken)
                    taken.add(names[local])
            literal = {p: v for p, v in bound.items() if isinstance(v, (cst.Integer, cst.Float, cst.SimpleString))
                       and counts.get(p) is None and not any(isinstance(a.value, cst.Name) and a.value.value == p
                                                             for b in body for a in nodes_of(b, cst.Attribute))}
            # (a literal argument written where the parameter is read, but as an attribute's object)
            rename = _Rename(names)
            stmts: list[cst.BaseStatement] = [
                cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[p]))], value)])
                for p, value in bound.items() if p not in literal]
            stmts += [s.visit(_Literals(literal)).visit(rename).with_changes(leading_lines=()) for s in body[:-1]]
            for item, t in zip(items, tnames):
                if id(item) not in direct:
                    stmts.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(t))],
                                                                     item.visit(rename))]))
            stmts[0] = stmts[0].with_changes(leading_lines=stmt.leading_lines)
            planned[stmt] = stmts
        else:
            new.update(planned)
            elsewhere = getattr(external, "uses_elsewhere", None)
            if not (elsewhere is not None and elsewhere(name)):
                gone.add(fn)
    if not new:
        return module
    return module.visit(_Inline(new, gone))


_RETURNED = ": its function returns it, and what the caller does with it is not followed)"


def caller_reasons(result: tuple, trial: tuple) -> tuple:
    """``result`` (a run of the module as written) with the note of a queue left because its function returns it
    saying why the queue, inlined at its callers, is left there too: the new refusals of ``trial`` (a run of the
    inlined module, its lines given back in the module's own)."""
    out, notes, outcomes = result
    if not any(_RETURNED in n.message for n in notes):
        return result
    old = {(n.line, n.message) for n in notes}
    new = [n for n in trial[1] if n.kind == "refused" and (n.line, n.message) not in old and
           _RETURNED not in n.message and " left: " in n.message]
    if not new:
        return result
    said = "; ".join(dict.fromkeys(f"line {n.line}: {n.message.split(' left: ', 1)[1]}" for n in new))
    tail = f": its function returns it, and inlined at its caller it is left there too ({said}))"
    return out, [replace(n, message=n.message.replace(_RETURNED, tail)) for n in notes], outcomes


__all__ = ["caller_reasons", "inline_feed_builders"]
