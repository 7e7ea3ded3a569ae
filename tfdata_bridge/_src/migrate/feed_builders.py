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
A consumer (``def inputs(q, batch): x, y = q.dequeue_many(batch); return x, y``: straight assignments, one
dequeue of a parameter it reads nowhere else, no queue made, ``_consumer``) is inlined the same way, the
caller's queue name read in place of the parameter; a builder's ``tf.summary.scalar(...)`` line goes with its
statements (the feed-thread rewrite drops a fill-level one with the queue). ``to_tfdata.run`` keeps the result
only where more pipelines are rewritten, so a program left alone (a caller
handing the queue to what the rewrite does not follow) stays as written, with the reason of the module as
written.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, dotted, fresh_name, identifiers, is_docstring, last_name, names_in, \
    nodes_of, target_names
from tfdata_bridge._src.migrate.inline_sources import _assigned, _bound_args, _Inline, _locals, _once, _Rename, \
    _straight
from tfdata_bridge._src.migrate.placeholder_helpers import placeholder_helper

_QUEUES = ("FIFOQueue", "PaddingFIFOQueue", "RandomShuffleQueue")
_NOT = ("QueueRunner", "add_queue_runner", "input_producer", "slice_input_producer", "range_input_producer",
        "string_input_producer", "read", "read_up_to")


def _builder(fn: cst.FunctionDef) -> tuple[list[cst.SimpleStatementLine], list[cst.BaseExpression]] | None:
    """(the statements, the returned items) of a feed-queue builder; None for any other function."""
    if (helper := placeholder_helper(fn)) is not None and all(isinstance(s, cst.SimpleStatementLine)
                                                              for s in helper[0]):
        value = helper[0][-1].body[0].value  # (a fed queue's placeholders helper, ``placeholder_helpers.py``)
        return helper[0], [e.value for e in value.elements]
    body = _straight_summaries(fn)
    if body is None:
        return None
    calls = [last_name(c.func) for s in body for c in nodes_of(s, cst.Call)]
    if not any(c in _QUEUES for c in calls) and (consumed := _consumer(fn, body)) is not None:
        return consumed
    if sum(c in _QUEUES for c in calls) != 1 or any(c in _NOT or c.endswith("Reader") or "batch" in c
                                                   for c in calls):
        return None
    queue = next((target_names(s.body[0].targets[0].target) for s in body[:-1] if isinstance(s.body[0], cst.Assign)
                  and isinstance(s.body[0].value, cst.Call) and last_name(s.body[0].value.func) in _QUEUES), None)
    value = body[-1].body[0].value
    items = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
    if not queue or len(queue) != 1:
        return None
    if not any(isinstance(v, cst.Name) and v.value == queue[0] for v in items) and not _ops_returned(body, queue[0],
                                                                                                    items):
        return None
    return body, items


def _summary_line(stmt: cst.BaseStatement) -> bool:
    """``tf.summary.scalar(...)`` (any ``summary`` module's call) as a statement of its own."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    return isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
        isinstance(small.value.func, cst.Attribute) and "summary" in dotted(small.value.func).split(".")[:-1]


def _straight_summaries(fn: cst.FunctionDef) -> list[cst.SimpleStatementLine] | None:
    """``inline_sources._straight``'s statements, a summary's line among them (``tf.summary.scalar(name,
    q.size() ...)``: inlined with the rest, the feed-thread rewrite then drops it with the queue or refuses)."""
    if not isinstance(fn.body, cst.IndentedBlock):
        return None
    stmts = list(fn.body.body)
    plain = [st for st in stmts if not _summary_line(st)]
    body = _straight(fn.with_changes(body=fn.body.with_changes(body=plain)))
    if body is None or len(plain) == len(stmts):
        return body
    keep = {id(st) for st in body}
    return [st for st in stmts if id(st) in keep or _summary_line(st)]


_DEQUEUES = ("dequeue", "dequeue_many", "dequeue_up_to")


def _consumer(fn: cst.FunctionDef, body: list[cst.SimpleStatementLine]
              ) -> tuple[list[cst.SimpleStatementLine], list[cst.BaseExpression]] | None:
    """(the statements, the returned items) of a function handed a queue that it reads by one dequeue
    (``def inputs(q, batch): x, y = q.dequeue_many(batch); return x, y``), reading that parameter nowhere else and
    making no queue, runner, reader or input producer; None otherwise. Inlined at its callers like a builder, the
    dequeue stands where the caller's queue is (its argument read in place of the parameter)."""
    calls = [c for s in body for c in nodes_of(s, cst.Call)]
    if any(last_name(c.func) in _NOT or last_name(c.func).endswith("Reader") or "batch" in last_name(c.func)
           for c in calls):
        return None
    params = {p.name.value for p in fn.params.params}
    read = [c for c in calls if isinstance(c.func, cst.Attribute) and c.func.attr.value in _DEQUEUES and
            isinstance(c.func.value, cst.Name) and c.func.value.value in params]
    if len(read) != 1:
        return None
    queue = read[0].func.value.value
    uses = [n for s in body for n in identifiers(s) if n.value == queue]
    if len(uses) != 1 or any(queue in (target_names(s.body[0].targets[0].target) or ())
                             for s in body[:-1] if isinstance(s.body[0], cst.Assign)):
        return None  # (the queue read otherwise, or bound again)
    value = body[-1].body[0].value
    items = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
    return body, items


def _ops_returned(body: list[cst.SimpleStatementLine], queue: str, items: list[cst.BaseExpression]) -> bool:
    """The builder keeps its queue and returns its enqueue op (``return clips, labels, enqueue_op, close_op``):
    every read of the queue is a method call bound to a name of its own, and an enqueue op is among the names
    returned (its threads are then the caller's: started there, or by a starter ``feed_starters.py`` inlines)."""
    returned = {v.value for v in items if isinstance(v, cst.Name)}
    enqueues = set()
    for s in body[:-1]:
        small = s.body[0]
        if not isinstance(small, cst.Assign):
            continue
        value = small.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
                isinstance(value.func.value, cst.Name) and value.func.value.value == queue and \
                value.func.attr.value in ("enqueue", "enqueue_many"):
            enqueues |= set(target_names(small.targets[0].target) or ())
    reads = [n for s in [*body[:-1], body[-1]] for n in identifiers(s) if n.value == queue]
    bound = sum(1 for s in body[:-1] if isinstance(s.body[0], cst.Assign) and
                queue in (target_names(s.body[0].targets[0].target) or ()))
    methods = sum(1 for s in body[:-1] for c in nodes_of(s, cst.Call) if isinstance(c.func, cst.Attribute) and
                  isinstance(c.func.value, cst.Name) and c.func.value.value == queue)
    return bool(enqueues & returned) and queue not in returned and len(reads) == bound + methods


def rebound(fn: cst.FunctionDef) -> set[str]:
    """The names ``fn`` binds (``inline_sources._assigned``'s, less those only written into: ``FLAGS['x'] = v``
    and ``obj.x = v`` change the object the global names, not the name, so an inlined read of it is the same)."""
    out = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]}

    def names(target) -> set[str]:
        if isinstance(target, cst.Name):
            return {target.value}
        if isinstance(target, (cst.Tuple, cst.List)):
            return set().union(*(names(e.value) for e in target.elements))
        if isinstance(target, cst.StarredElement):
            return names(target.value)
        return set()
    for t in nodes_of(fn, cst.AssignTarget):
        out |= names(t.target)
    for kind in (cst.AugAssign, cst.AnnAssign, cst.For):
        for t in nodes_of(fn, kind):
            out |= names(t.target)
    for t in nodes_of(fn, cst.AsName):
        out |= names_in(t.name)
    for t in [*nodes_of(fn, cst.FunctionDef), *nodes_of(fn, cst.ClassDef)]:
        if t is not fn:
            out.add(t.name.value)
    for t in nodes_of(fn, cst.ImportAlias):
        out.add((t.evaluated_alias or t.evaluated_name).split(".")[0])
    return out


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
    """``module`` with each feed-queue builder inlined at its calls, then each thread starter at its one call
    (``feed_starters.py``): ``module`` itself where there is neither."""
    from tfdata_bridge._src.migrate.feed_starters import inline_feed_starters  # (it reads ``_Literals`` here)

    from tfdata_bridge._src.migrate.feed_thread_classes import spell_thread_classes

    from tfdata_bridge._src.migrate.feed.lambda_targets import lambda_targets
    from tfdata_bridge._src.migrate.feed.self_args import handed_self_args

    made_local: list[tuple[str, str]] = []
    # (``Thread(target=lambda: feed(sess, op, ...))`` spelled ``target=feed, args=(...)`` first: ``lambda_targets``;
    # a class's thread handed ``self.enqueue_op`` by ``args=``: read on ``self`` by the feeding method, ``self_args``)
    module_as_given, module = module, handed_self_args(lambda_targets(module), external)
    out = inline_feed_starters(_inline_builders(module, external, made_local), external, made_local)
    out = spell_thread_classes(out, external)
    if made_local and not _only_in_callers(out, made_local, external):
        # (a global the builder set, read elsewhere than where it now is a local: nothing inlined)
        return module_as_given
    return out


def _declared(fn: cst.FunctionDef) -> tuple[cst.FunctionDef, set[str]]:
    """``fn`` without its first statement where that is ``global a, b`` (a docstring may come before it), and
    the names it declares; ``fn`` itself and no names otherwise."""
    if not isinstance(fn.body, cst.IndentedBlock):
        return fn, set()
    stmts = list(fn.body.body)
    at = 1 if stmts and is_docstring(stmts[0]) else 0
    first = stmts[at] if len(stmts) > at else None
    if not (isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and
            isinstance(first.body[0], cst.Global)):
        return fn, set()
    names = {n.name.value for n in first.body[0].names}
    return fn.with_changes(body=fn.body.with_changes(body=[*stmts[:at], *stmts[at + 1:]])), names


def _only_in_callers(module: cst.Module, made_local: list[tuple[str, str]], external) -> bool:
    """Each global a builder set (``global X; X = tf.placeholder(...)``), now a local of the one function it was
    inlined in (under a fresh name, the starter inlined there reading it so too), is read nowhere else: in no
    function of the module (a starter that was not inlined), no other module, and at the top level only where
    it is bound to a constant (``X = None``)."""
    for g, caller, _ in made_local:
        if external is not None:
            elsewhere = getattr(external, "calls_elsewhere", None)
            if elsewhere is None or elsewhere(g):
                return False
        for stmt in module.body:
            if g not in names_in(stmt):
                continue
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                    isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == g and
                    isinstance(small.value, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)) and
                    (not isinstance(small.value, cst.Name) or small.value.value in ("None", "True", "False"))):
                return False
    return True


def _inline_builders(module: cst.Module, external=None, made_local: list | None = None) -> cst.Module:
    text = code_of(module)
    if "Queue(" not in text or "return" not in text or "placeholder" not in text:
        return module
    builders = {}
    consumers: set[str] = set()  # (functions handed a queue they dequeue: ``_consumer``)
    declared: dict[str, set[str]] = {}
    for fn in module.body:
        if not isinstance(fn, cst.FunctionDef):
            continue
        plain, names = _declared(fn)
        if (found := _builder(plain)) is not None:
            builders[fn.name.value] = (fn, *found)
            declared[fn.name.value] = names
            if not any(last_name(c.func) in _QUEUES for st in found[0] for c in nodes_of(st, cst.Call)):
                consumers.add(fn.name.value)
    if not builders:
        return module
    taken = {n.value for n in identifiers(module)} | {n.value for n in nodes_of(module, cst.Name)}
    new: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}
    gone = set()
    for name, (fn, body, returned_items) in builders.items():
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
            items = returned_items
            if len(items) > 1 and isinstance(target, cst.Name) and placeholder_helper(fn) is not None:
                items = [body[-1].body[0].value]  # (``phs = helper(...)``: its tuple bound whole, after its lines)
            if len(items) > 1 and not isinstance(target, (cst.Tuple, cst.List)) or len(targets) != len(items) or \
                    not all(isinstance(t, cst.Name) for t in targets):
                break
            bound = _bound_args(fn, small.value)
            own = rebound(caller)
            free = set().union(*(names_in(s) for s in body)) - _locals(fn, body)
            if bound is None or free & own:
                break  # (a global of the builder's that the caller binds too would mean another value)
            tnames = [t.value for t in targets]
            if any(names_in(v) & set(tnames) for v in bound.values()):
                break  # (``x = build(x)``: the argument is read after the target is bound)
            params = set(bound)
            counts: dict[str, int] = {}
            for s in body[:-1]:
                if not isinstance(s.body[0], cst.Assign):
                    continue  # (a summary's line)
                for n in target_names(s.body[0].targets[0].target) or ():
                    counts[n] = counts.get(n, 0) + 1
            names: dict[str, str] = {}
            direct: set[int] = set()
            for item, t in zip(items, tnames):
                if isinstance(item, cst.Name) and item.value not in params and counts.get(item.value) == 1 and \
                        item.value not in names:
                    names[item.value] = t  # (the returned local is the caller's target)
                    direct.add(id(item))
            globals_ = declared[name]
            if globals_ and (made_local is None or len(sites) != 1 or globals_ & set(names) or
                             any(counts.get(g) != 1 or g in own or g in names_in(caller) for g in globals_)):
                break  # (a global the builder sets, made the caller's local: one call, a name the caller leaves)
            for g in sorted(globals_):  # (a fresh local: the module's own ``X = None`` stays apart from it)
                names[g] = fresh_name(g.lower(), taken)
                made_local.append((g, caller.name.value, names[g]))
            for local in sorted(_locals(fn, body)):
                if local not in names:
                    names[local] = fresh_name(local, taken)
                    taken.add(names[local])
            literal = {p: v for p, v in bound.items() if isinstance(v, (cst.Integer, cst.Float, cst.SimpleString))
                       and counts.get(p) is None and not any(isinstance(a.value, cst.Name) and a.value.value == p
                                                             for b in body for a in nodes_of(b, cst.Attribute))}
            # (a consumer's parameters handed a plain name the inlined lines do not bind: the caller's name read in
            # place, after the renaming, the queue's dequeue then the caller's own)
            in_place = {p: v for p, v in bound.items() if name in consumers and isinstance(v, cst.Name) and
                        counts.get(p) is None and p not in literal}
            # (a literal argument written where the parameter is read, but as an attribute's object)
            rename = _Rename(names)
            stmts: list[cst.BaseStatement] = [
                cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[p]))], value)])
                for p, value in bound.items() if p not in literal and p not in in_place]
            after = _Literals({names[p]: v for p, v in in_place.items()})
            stmts += [s.visit(_Literals(literal)).visit(rename).visit(after).with_changes(leading_lines=())
                      for s in body[:-1]]
            for item, t in zip(items, tnames):
                if id(item) not in direct:
                    stmts.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(t))],
                                                                     item.visit(rename).visit(after))]))
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
_SPLIT = "is not followed through those calls (each caller would have to become one pipeline)"  # (feed/function.py)


def caller_reasons(result: tuple, trial: tuple) -> tuple:
    """``result`` (a run of the module as written) with the note of a queue left because its function returns it
    saying why the queue, inlined at its callers, is left there too: the new refusals of ``trial`` (a run of the
    inlined module, its lines given back in the module's own)."""
    out, notes, outcomes = result
    if not any(_RETURNED in n.message or _SPLIT in n.message for n in notes):
        return result
    old = {(n.line, n.message) for n in notes}
    new = [n for n in trial[1] if n.kind == "refused" and (n.line, n.message) not in old and
           _RETURNED not in n.message and _SPLIT not in n.message and " left: " in n.message]
    if not new:
        return result
    said = "; ".join(dict.fromkeys(f"line {n.line}: {n.message.split(' left: ', 1)[1]}" for n in new))
    tail = f": its function returns it, and inlined at its caller it is left there too ({said}))"
    split = f"{_SPLIT}; written at the caller, it is left there too ({said})"
    return out, [replace(n, message=n.message.replace(_RETURNED, tail).replace(_SPLIT, split)) for n in notes], \
        outcomes


__all__ = ["caller_reasons", "inline_feed_builders"]
