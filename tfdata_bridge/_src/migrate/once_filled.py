"""A hand-built FIFOQueue filled once, in the program's own thread, from constants, then read:

    queue = tf.FIFOQueue(capacity=10, dtypes=[tf.string, tf.string], shapes=[[], []])
    x = tf.constant(names)                    # constants (or literal lists) made before the enqueue
    y = tf.constant(values)
    fill = queue.enqueue_many([x, y])         # or enqueue([x, y]): one element
    first, second = queue.dequeue()           # or dequeue_many(n) / dequeue_up_to(n)
    sess.run(fill)                            # run once (not in a loop or a branch), or fill.run()
    for _ in range(5):
        sess.run([first, second])

holds the constants' rows in order, which is ``Dataset.from_tensor_slices((x, y))`` (``from_tensors`` for one
``enqueue``), batched as the dequeue took them (``dequeue_many``: ``drop_remainder=True``); the queue, its
enqueue op and the one run of it go. Legacy's queue is never closed: a read past the rows waits forever where
the dataset ends with ``OutOfRangeError``; a queue smaller than the rows blocks the run where the dataset does
not. Only this form: a FIFOQueue without ``names=``, the queue named by nothing but its one enqueue and its one
dequeue, the op run once by one statement of the program's thread, each enqueued tensor a ``constant(...)`` (or a
name bound to one in the same block, not bound again before the dequeue) or a literal; the dequeue after the
enqueue in the same block. A queue fed by placeholders or a thread is the feed passes' (``feed/``). In-memory data (numpy arrays, lists:
``in_memory.py``'s proof) may be enqueued by name or by literal indices of it (``q.enqueue_many((hops[:, 0],
hops[:, 1]))``, the queue tutorial's columns), converted to the queue's dtypes; a ``PaddingFIFOQueue`` is read
the same (the rows of one array share a shape: its padding pads nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, bound_names, identifiers, names_in, \
    nodes_of, requeued_names, target_names

_FIFO = ("capacity", "dtypes", "shapes", "names", "shared_name", "name")
_DEQUEUES = ("dequeue", "dequeue_many", "dequeue_up_to")
_BUILTINS = {"print", "int", "float", "str", "bool", "len", "round", "list", "tuple", "dict", "set", "range",
             "sorted", "min", "max", "sum", "abs", "enumerate", "zip", "isinstance", "format", "repr"}
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)


@dataclass
class OnceFilled:
    queue: cst.SimpleStatementLine
    enqueue: cst.SimpleStatementLine
    run: cst.SimpleStatementLine
    dequeue: cst.SimpleStatementLine
    text: str  # the dequeue's new value
    comment: str
    target: str | None = None  # the dequeue's new target (a size read carried with each element)
    sizes: dict | None = None  # statement -> its new text (``q.size()`` reads replaced by their known value)
    iterator: str | None = None  # an initializable iterator's name: the fill's run becomes its initializer's
    closed: list | None = None  # the queue's close op and its run (the dataset ends where the closed queue did)


def _call_on(node, name: str, methods) -> str | None:
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            isinstance(node.func.value, cst.Name) and node.func.value.value == name and \
            node.func.attr.value in methods:
        return node.func.attr.value
    return None


def _assigned(stmt) -> tuple[cst.BaseAssignTargetExpression, cst.BaseExpression] | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        return stmt.body[0].targets[0].target, stmt.body[0].value
    return None


def _literal(node) -> bool:
    if isinstance(node, _LITERALS):
        return True
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return isinstance(node.expression, (cst.Integer, cst.Float))
    if isinstance(node, (cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) and _literal(e.value) for e in node.elements)
    return False


def _enclosing_scope(module: cst.Module, stmt) -> tuple[cst.CSTNode, list]:
    """The function holding ``stmt`` (or the module) and the chain of nodes from it down to ``stmt``."""
    def walk(node, chain):
        if node is stmt:
            return chain
        for child in node.children:
            found = walk(child, chain + [child])
            if found is not None:
                return found
        return None

    chain = walk(module, [module]) or [module]
    scope = next((n for n in reversed(chain) if isinstance(n, cst.FunctionDef)), module)
    return scope, chain[chain.index(scope):]


def once_filled(index, module: cst.Module, body: list[cst.BaseStatement], stmt, v1: str, code, finder=None
                ) -> OnceFilled | None:
    """The form above, for the queue made by ``stmt`` (of ``body``); None where ``stmt`` makes no FIFOQueue that
    a statement runs an enqueue of; refused (``Refusal``) where it is this form with something the rewrite cannot
    keep."""
    made = _assigned(stmt)
    if made is None or not isinstance(made[0], cst.Name) or not isinstance(made[1], cst.Call) or \
            (index.paths.get(made[1]) or "").rsplit(".", 1)[-1] not in ("FIFOQueue", "PaddingFIFOQueue"):
        return None
    queue_kind = index.paths[made[1]].rsplit(".", 1)[-1]
    qname = made[0].value
    at = body.index(stmt)
    # the enqueue: ``fill = q.enqueue_many([...])`` in the block, or inline in the run
    enq_stmt = enq_call = op = None
    for s in body[at + 1:]:
        got = _assigned(s)
        if got is not None and _call_on(got[1], qname, ("enqueue", "enqueue_many")):
            if not isinstance(got[0], cst.Name):
                return None
            enq_stmt, enq_call, op = s, got[1], got[0].value
            break
    if enq_call is None:
        return None
    scope, _ = _enclosing_scope(module, stmt)
    runs = [s for s in nodes_of(scope, cst.SimpleStatementLine) if len(s.body) == 1 and isinstance(s.body[0], cst.Expr)
            and _runs(s.body[0].value, op)]
    if not runs:
        return None  # (filled elsewhere: a thread or a runner; the feed passes' form)
    vals = enq_call.args[0].value if len(enq_call.args) == 1 else None
    data: set[str] = set()  # names of in-memory data (numpy arrays, lists) the enqueue converts to tensors
    if vals is None or not all(_literal(e) or _is_constant(index, e) or isinstance(e, cst.Name) and (_constant_name(
            index, body, stmt, e) or _data_name(finder, body, enq_stmt, e, data)) or
            (base := _sliced(e)) is not None and _data_name(finder, body, enq_stmt, base, data)
            for e in ([x.value for x in vals.elements] if isinstance(vals, (cst.List, cst.Tuple)) else [vals])):
        return None  # (placeholders or other tensors: the feed passes' form)
    # from here on it is this form: what does not fit is said
    if len(runs) != 1:
        raise Refusal(f"`{op}` is run by {len(runs)} statements: a queue filled once is read as its rows")
    run = runs[0]
    _, chain = _enclosing_scope(module, run)
    blocks = [n for n in chain[1:] if isinstance(n, (cst.For, cst.While, cst.If, cst.FunctionDef, cst.Lambda,
                                                     cst.ClassDef, cst.With, cst.Try))]
    fills, loop = _fill_loop(finder, blocks, run)  # ``for _ in range(k): sess.run(fill)``: k fills in a row
    if fills is None and any(not isinstance(n, (cst.With, cst.Try)) for n in blocks):
        raise Refusal(f"`{op}` is run inside a loop, a branch or a nested function: how often it fills the queue "
                      "is not read")
    closing = _closing(module, qname, loop or run, chain if loop is None else _enclosing_scope(module, loop)[1])
    if loop is not None and len(loop.body.body) > 1:
        loop = None  # (the loop stays for its other statements; the run alone goes)
    kind = enq_call.func.attr.value
    args = bind_params(made[1], _FIFO, "FIFOQueue")
    if args.get("names") is not None:
        raise Refusal("the queue has `names=` (a dict of components): not read in this form")
    dtypes = args.get("dtypes")
    count = len(dtypes.elements) if isinstance(dtypes, (cst.List, cst.Tuple)) else 1 if dtypes is not None else None
    if count is None:
        raise Refusal("the queue's `dtypes=` is not given")
    if len(enq_call.args) != 1 or enq_call.args[0].keyword is not None and enq_call.args[0].keyword.value != "vals":
        raise Refusal(f"`{qname}.{kind}` takes more than its values")
    vals = enq_call.args[0].value
    # (a list or tuple is the components, as ``enqueue_many`` reads it; anything else the one component)
    items = [e.value for e in vals.elements] if isinstance(vals, (cst.List, cst.Tuple)) else [vals]
    if any(isinstance(e, cst.StarredElement) for e in getattr(vals, "elements", [])) or len(items) != count:
        raise Refusal(f"`{qname}.{kind}` takes {len(items)} values for {count} queue components")
    # the dequeue: after the enqueue, in the same block
    deq = None
    for s in body[body.index(enq_stmt) + 1:]:
        got = _assigned(s)
        if got is not None and _call_on(got[1], qname, _DEQUEUES):
            deq = s
            break
    if deq is None:
        raise Refusal(f"no `{qname}.dequeue()` after `{op}` in the same block")
    dcall = _assigned(deq)[1]
    method = dcall.func.attr.value
    between = [s for s in body[body.index(enq_stmt) + 1:body.index(deq)] if s not in (closing or [])]
    if data and between:  # (the dataset reads the data where the dequeue was: nothing may change it before)
        raise Refusal(f"`{sorted(data)[0]}` is in-memory data read by the enqueue: statements run between `{op}` "
                      f"and the dequeue (line {index.lines.get(between[0], '?')}) might change it")
    if target_names(_assigned(deq)[0]) is None:
        raise Refusal(f"`{qname}.{method}()`'s result is not held by names")
    # the queue named by nothing but its enqueue and its dequeue; the op by nothing but its run
    size_calls = [c for c in nodes_of(module, cst.Call) if _call_on(c, qname, ("size",)) and not c.args]
    if size_calls and (fills or closing):
        raise Refusal(f"`{qname}.size()` is read of a queue filled in a loop or closed: not read in this form")
    qrefs = [n for n in identifiers(module) if n.value == qname]
    if len(qrefs) != 3 + len(size_calls) + (1 if closing else 0):
        for again in nodes_of(module, cst.Call):
            if again is not enq_call and _call_on(again, qname, ("enqueue", "enqueue_many")) and \
                    (back := requeued_names(module, qname, again)):
                raise Refusal(f"`{qname}.{again.func.attr.value}` puts back what `{qname}`'s own dequeue took (it "
                              f"reads `{'`, `'.join(back)}`): a queue that feeds itself (a retry round, a rotation) "
                              "has an order made by the runs of both its ops, which no dataset makes")
        raise Refusal(f"`{qname}` is used beyond its one enqueue and one dequeue")
    orefs = [n for n in identifiers(module) if n.value == op]
    if len(orefs) != 2:
        raise Refusal(f"`{op}` is used beyond its one run")
    printed = [False if _of_data(e, data) else _constant(index, body, enq_stmt, deq, e, code) for e in items]
    # in-memory data, converted by the enqueue to the queue's dtypes: converted so here too
    types = [e.value for e in dtypes.elements] if isinstance(dtypes, (cst.List, cst.Tuple)) else [dtypes]
    shown = [f"{v1}.convert_to_tensor({code(e)}, dtype={code(t)})" if _of_data(e, data) else code(e)
             for e, t in zip(items, types)]
    inner = shown[0] if count == 1 else "(" + ", ".join(shown) + ")"
    source = "from_tensor_slices" if kind == "enqueue_many" else "from_tensors"
    taken = {n.value for n in identifiers(module)}
    rows_text = f"{v1}.shape({code(items[0])})[0]" if kind == "enqueue_many" else f"{v1}.constant(1)"
    sizes, target, left = _size_reads(index, module, body, deq, run, size_calls, qname, method, kind, items, v1,
                                      code, taken)
    if left is not None:
        inner = f"({inner}, {left[1]})"
    chain = f"{v1}.data.Dataset.{source}({inner})" + (f".repeat({fills})" if fills and fills > 1 else "")
    if method != "dequeue":
        if args.get("shapes") is None or isinstance(args["shapes"], cst.Name) and args["shapes"].value == "None":
            raise Refusal(f"the queue has no `shapes=`: legacy's `{qname}.{method}` fails on it")
        n = dcall.args[0].value if dcall.args else None
        if n is None or len(dcall.args) != 1 or dcall.args[0].keyword is not None and \
                dcall.args[0].keyword.value != "n":
            raise Refusal(f"`{qname}.{method}` takes more than its count")
        if names_bound := bound_names(*body[body.index(enq_stmt):body.index(deq)]) & {
                x.value for x in identifiers(n)}:
            raise Refusal(f"the count of `{qname}.{method}` reads `{sorted(names_bound)[0]}`, bound after the enqueue")
        chain += f".batch({code(n)}{', drop_remainder=True' if method == 'dequeue_many' else ''})"
    iterator = None
    if any(printed):  # (a Print is stateful: captured by an initializable iterator, run where the fill ran)
        iterator = next(f"{qname}_iterator{k or ''}" for k in range(100) if f"{qname}_iterator{k or ''}" not in taken)
        text = f"{v1}.data.make_initializable_iterator({chain})"
    else:
        text = f"{v1}.data.make_one_shot_iterator({chain}).get_next()"
    if left is not None:
        deq_target = _assigned(deq)[0]
        shown = code(deq_target)
        if isinstance(deq_target, cst.Tuple) and not deq_target.lpar:
            shown = f"({shown})"
        target = f"{shown}, {left[0]}"
    what = "rows" if kind == "enqueue_many" else "one element"
    comment = (f"tfdata-bridge migrate: {queue_kind}, {kind}, {method} rewritten to tf.data: the queue filled once "
               f"by `{op}` from constants is their {what} in order "
               "(legacy's unclosed queue waited past them; the dataset ends)")
    if fills or closing:
        comment = (f"tfdata-bridge migrate: {queue_kind}, {kind}, {'close, ' if closing else ''}{method} rewritten to "
                   f"tf.data: the queue filled {f'{fills} times' if fills else 'once'} by `{op}` from constants or "
                   f"in-memory data is their {what} in order{f', {fills} times over' if fills and fills > 1 else ''}"
                   + ("; the dataset ends where the closed queue did" if closing else
                      " (legacy's unclosed queue waited past them; the dataset ends)"))
    if sizes:
        known = (["with each dequeued element, the rows left after it"] if left is not None or kind == "enqueue" and
                 any("constant(0)" in code(n) for n in sizes.values()) else []) + \
            (["run after the fill, the rows less those the code ran the dequeue for before it"] if any(rows_text in code(n) for n in sizes.values()) else [])
        comment += f"; `{qname}.size()` is read where its value is known ({'; '.join(known)})"
    if iterator is not None and (fills or closing):
        raise Refusal(f"a `Print` of the enqueued values with `{op}` run in a loop or the queue closed: not read in "
                      "this form")
    return OnceFilled(stmt, enq_stmt, run if loop is None else loop, deq, text, comment, target, sizes, iterator,
                      closing)


def _size_reads(index, module, body, deq, run, size_calls, qname, method, kind, items, v1, code, taken):
    """The new text of each statement reading ``qname.size()``, the dequeue's new target, and (name, tensor) of
    the count carried with each element; Refusal where a read's value is not known when migrating. Known: a
    ``size()`` in the ``data=`` of a ``Print`` of the dequeued element (the Print runs once per dequeue, after
    it: the rows left after that element), or run alone by a statement right after the fill (nothing run between:
    all the rows)."""
    if not size_calls:
        return {}, None, None
    from tfdata_bridge._src.migrate.queue_size import parents

    up = parents(module)
    deq_names = set(target_names(_assigned(deq)[0]) or [])
    run_block = up.get(id(run))
    run_body = list(run_block.body) if isinstance(run_block, (cst.IndentedBlock, cst.Module)) else []
    first = code(items[0])
    rows = f"{v1}.shape({first})[0]" if kind == "enqueue_many" else f"{v1}.constant(1)"
    left = None
    values: dict[int, str] = {}
    holders: dict[int, cst.SimpleStatementLine] = {}
    for call in size_calls:
        holder = call
        while holder is not None and not isinstance(holder, cst.SimpleStatementLine):
            holder = up.get(id(holder))
        line = index.lines.get(holder, 0) if holder is not None else 0
        where = f" at line {line}" if line else ""
        value = None
        if holder in body and body.index(holder) > body.index(deq):
            got = _assigned(holder)
            data = _print_data(index, got[1]) if got is not None else None
            if got is not None and _printed(index, got[1], got[1].args[0].value.value if isinstance(
                    got[1], cst.Call) and got[1].args and isinstance(got[1].args[0].value, cst.Name) else "") \
                    and got[1].args[0].value.value in deq_names and data is not None and \
                    any(e.value is call for e in data.elements):
                if method != "dequeue":
                    raise Refusal(f"`{qname}.size()`{where} is logged with a `{method}` batch: the count left is "
                                  "not carried with it")
                if kind == "enqueue":
                    value = f"{v1}.constant(0)"
                else:
                    if left is None:
                        name = next(f"{qname}_left{k or ''}" for k in range(100) if f"{qname}_left{k or ''}"
                                    not in taken)
                        left = (name, f"{v1}.range({rows} - 1, -1, -1)")
                    value = left[0]
        if value is None and holder in run_body and run_body.index(holder) > run_body.index(run):
            between = run_body[run_body.index(run) + 1:run_body.index(holder)]
            runs_in = [c for c in nodes_of(holder, cst.Call) if isinstance(c.func, cst.Attribute) and
                       c.func.attr.value in ("run", "eval")]
            taken = _dequeues_run(between, _derived(module, deq) | _sessions([*between, holder, run]), size_calls)
            if taken is not None and (taken == 0 or method == "dequeue") and \
                    all(c.func.attr.value == "run" and len(c.args) == 1 and c.args[0].value is call or
                        c.func.attr.value == "eval" and c.func.value is call for c in runs_in) and runs_in:
                value = rows if taken == 0 else f"{rows} - {taken}"
        if value is None:
            raise Refusal(f"`{qname}.size()` is read{where} where its value is not known when migrating (only run "
                          "after the fill and a count of dequeue runs the code fixes, or logged with each dequeued "
                          "element): it is a fill level of "
                          "legacy's queue, and tf.data has no queue to measure")
        values[id(call)] = value
        holders[id(holder)] = holder
    sizes = {}
    for holder in holders.values():
        sizes[holder] = holder.visit(_Swap(values))
    return sizes, None, left


def _run_calls(node) -> list[cst.Call]:
    return [c for c in nodes_of(node, cst.Call) if isinstance(c.func, cst.Attribute) and
            c.func.attr.value in ("run", "eval")]


def _derived(module, deq) -> set[str]:
    """The dequeue's names and the names of tensors built from them (statements that run nothing), in its
    function: fetching one of them runs the dequeue once."""
    scope = module
    for fn in nodes_of(module, cst.FunctionDef):
        if any(s is deq for s in nodes_of(fn, cst.SimpleStatementLine)):
            scope = fn
    names = set(target_names(_assigned(deq)[0]) or [])
    stmts = [s for s in nodes_of(scope, cst.SimpleStatementLine) if _assigned(s) is not None and s is not deq
             and not _run_calls(s)]
    for _ in range(len(stmts) + 1):
        more = {n for s in stmts if names_in(_assigned(s)[1]) & names for n in bound_names(s)} - names
        if not more:
            break
        names |= more
    return names


def _dequeues_run(stmts, derived: set[str], measured: list) -> int | None:
    """How many times ``stmts`` run the dequeue (each ``run``/``eval`` fetching a ``derived`` tensor once; a
    ``for _ in range(K)`` of such statements K times); None where that is not read from the code (a branch, a
    ``while``, a loop that may leave early, a count that is not a literal, a run of other tensors)."""
    total = 0
    for s in stmts:
        if _hands_on(s, derived):
            return None
        if not _run_calls(s):
            continue
        if isinstance(s, cst.SimpleStatementLine):
            for c in _run_calls(s):
                fetched = names_in(c.args[0].value) if c.func.attr.value == "run" and c.args else \
                    names_in(c.func.value)
                if (c.args[0].value if c.func.attr.value == "run" and c.args else c.func.value) in measured:
                    continue  # (a run of the queue's size alone: it takes nothing)
                if not fetched & derived:
                    return None  # (a run of something else: whether it reaches the dequeue is not read)
                total += 1
            continue
        if not isinstance(s, cst.For) or s.orelse is not None or s.asynchronous is not None or \
                not isinstance(s.body, cst.IndentedBlock):
            return None
        it = s.iter
        if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range" and
                1 <= len(it.args) <= 2 and all(isinstance(a.value, cst.Integer) and a.keyword is None
                                               for a in it.args)):
            return None
        if nodes_of(s.body, cst.Break) or nodes_of(s.body, cst.Continue) or nodes_of(s.body, cst.Return):
            return None
        inner = _dequeues_run(list(s.body.body), derived, measured)
        if inner is None:
            return None
        bounds = [a.value.evaluated_value for a in it.args]
        times = max(0, bounds[-1] - (bounds[0] if len(bounds) == 2 else 0))
        total += inner * times
    return total


def _sessions(nodes) -> set[str]:
    """The names the runs in ``nodes`` run on (``sess.run``, ``eval(session=sess)``)."""
    runs = [c for n in nodes for c in _run_calls(n)]
    return {n for c in runs if c.func.attr.value == "run" for n in names_in(c.func.value)} | \
        {n for c in runs for a in c.args if a.keyword is not None and a.keyword.value == "session"
         for n in names_in(a.value)}


def _hands_on(stmt, derived: set[str]) -> bool:
    """``stmt`` gives a function other than a run a tensor built from the element or a session (``derived``
    holds both: such a function may run the dequeue where the count does not see it: ``consume(sess, x)``)."""
    runs = _run_calls(stmt)
    inside = {id(n) for c in runs for n in nodes_of(c, cst.Name)}
    for c in nodes_of(stmt, cst.Call):
        if any(c is r for r in runs):
            continue
        given = {n.value for a in c.args for n in nodes_of(a.value, cst.Name) if id(n) not in inside}
        if given & derived or isinstance(c.func, cst.Name) and c.func.value not in _BUILTINS:
            return True  # (a function of the program may run the default session)
    return False


class _Swap(cst.CSTTransformer):
    def __init__(self, values: dict[int, str]):
        super().__init__()
        self.values = values

    def leave_Call(self, original, updated):
        text = self.values.get(id(original))
        return cst.parse_expression(text) if text is not None else updated


def _print_data(index, call) -> cst.List | cst.Tuple | None:
    """A ``Print`` call's ``data`` list (its second argument)."""
    if not isinstance(call, cst.Call):
        return None
    data = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "data"), None)
    if data is None and len(call.args) > 1 and call.args[1].keyword is None:
        data = call.args[1].value
    return data if isinstance(data, (cst.List, cst.Tuple)) else None


def _runs(value, op: str) -> bool:
    """``sess.run(op)`` / ``op.run()``."""
    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Attribute) or value.func.attr.value != "run":
        return False
    if isinstance(value.func.value, cst.Name) and value.func.value.value == op and not value.args:
        return True
    return len(value.args) == 1 and value.args[0].keyword is None and isinstance(value.args[0].value, cst.Name) \
        and value.args[0].value.value == op


def _constant(index, body, enq_stmt, deq, node, code) -> bool:
    """``node`` (an enqueued value) is a literal, a ``constant(...)`` call, or a name bound to one in ``body``
    before the enqueue (perhaps through ``Print``s of it: True) and not bound again up to the dequeue."""
    if _literal(node) or _is_constant(index, node):
        return False
    if not isinstance(node, cst.Name):
        raise Refusal(f"`{code(node)}` is not a `constant` (or a literal): the queue's rows are read only from those")
    start, end = body.index(enq_stmt), body.index(deq)
    printed = False
    at = start
    while True:  # (``x = tf.Print(x, ...)`` over the constant: the same rows, logged when the fill ran)
        binder = next((s for s in reversed(body[:at]) if node.value in bound_names(s)), None)
        got = _assigned(binder)
        if got is None or not isinstance(got[0], cst.Name) or not _printed(index, got[1], node.value):
            break
        printed, at = True, body.index(binder)
    if got is None or not isinstance(got[0], cst.Name) or not _is_constant(index, got[1]):
        raise Refusal(f"`{node.value}` is not a `constant(...)` made in the same block before the enqueue")
    if any(node.value in bound_names(s) for s in body[start:end + 1]):
        raise Refusal(f"`{node.value}` is bound again between the enqueue and the dequeue")
    return printed


def _constant_name(index, body, stmt, node: cst.Name) -> bool:
    """``node`` is bound to a ``constant(...)`` by some statement of ``body`` (where, is checked later)."""
    return any(_is_constant(index, got[1]) for s in body if (got := _assigned(s)) is not None
               and isinstance(got[0], cst.Name) and got[0].value == node.value)


def _printed(index, node, name: str) -> bool:
    """``node`` is ``Print(name, ...)`` (``tf.Print`` of a name: the same tensor, logged when it is computed)."""
    return isinstance(node, cst.Call) and (index.paths.get(node) or "").rsplit(".", 1)[-1] == "Print" and \
        bool(node.args) and node.args[0].keyword is None and isinstance(node.args[0].value, cst.Name) and \
        node.args[0].value.value == name


def _is_constant(index, node) -> bool:
    return isinstance(node, cst.Call) and (index.paths.get(node) or "").rsplit(".", 1)[-1] == "constant"


def _data_name(finder, body, enq_stmt, node: cst.Name, data: set) -> bool:
    """``node`` (enqueued) is bound once, by a statement of ``body`` before the enqueue, to in-memory data (numpy
    arrays, lists: ``in_memory.py``'s proof), the same value at every run of the enqueue; nothing between the
    enqueue and the end of ``body`` names it again (no change in place before the dataset reads it)."""
    from tfdata_bridge._src.migrate.in_memory import DEPTH, _why_not_data

    if finder is None or enq_stmt not in body:
        return False
    made = finder.scopes.single_assignment(enq_stmt, node.value)
    if made is None or made not in body or body.index(made) > body.index(enq_stmt):
        return False
    if _why_not_data(finder, enq_stmt, node, DEPTH) is not None:
        return False
    if any(node.value in {n.value for n in identifiers(s)} for s in body[body.index(enq_stmt) + 1:]):
        return False
    data.add(node.value)
    return True


def _sliced(node) -> cst.Name | None:
    """The name ``node`` indexes with literal indices and slices (``hops[:, 0]``, ``rows[2:]``, ``table[1][0]``: a
    column or rows of in-memory data, read when the enqueue's tensor is made), or None."""
    def plain(part) -> bool:
        return part is None or isinstance(part, cst.Integer) or isinstance(part, cst.UnaryOperation) and \
            isinstance(part.operator, cst.Minus) and isinstance(part.expression, cst.Integer)

    if not isinstance(node, cst.Subscript) or not node.slice:
        return None
    for el in node.slice:
        got = el.slice
        if isinstance(got, cst.Index):
            if got.star is not None or not plain(got.value):
                return None
        elif not (isinstance(got, cst.Slice) and plain(got.lower) and plain(got.upper) and plain(got.step)):
            return None
    if isinstance(node.value, cst.Name):
        return node.value
    return _sliced(node.value)


def _of_data(node, data: set) -> bool:
    """``node`` is in-memory data the enqueue reads (a name of ``data``, or literal indices of one)."""
    base = node if isinstance(node, cst.Name) else _sliced(node)
    return base is not None and base.value in data


def _fill_loop(finder, blocks, run) -> tuple[int | None, cst.For | None]:
    """(k, the loop) where the fill's run is a statement of ``for _ in range(k):`` (k a literal, or a name bound
    once to one), the only block around it, with no exit (``break``, ``return``...). (None, None) otherwise."""
    from tfdata_bridge._src.migrate.static_values import literal

    loops = [n for n in blocks if not isinstance(n, (cst.With, cst.Try))]
    if finder is None or len(loops) != 1 or not isinstance(loops[0], cst.For):
        return None, None
    loop = loops[0]
    it = loop.iter
    if loop.orelse is not None or loop.asynchronous is not None or not isinstance(loop.body, cst.IndentedBlock) or \
            run not in loop.body.body or any(nodes_of(loop.body, e) for e in _EXITS) or \
            not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range" and
                 len(it.args) == 1 and it.args[0].keyword is None and not it.args[0].star):
        return None, None
    k = literal(finder, loop, it.args[0].value)
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        return None, None
    return k, loop


_EXITS = (cst.Break, cst.Continue, cst.Return, cst.Raise, cst.Yield, cst.Await)


def _closing(module, qname: str, run, chain) -> list | None:
    """The statements closing the queue once after its fills: ``close_op = queue.close()`` run once by a statement
    after ``run`` in its block (``close_op.run()``, ``sess.run(close_op)``), or ``sess.run(queue.close())``
    there; None where nothing closes it. ``Refusal`` where a close is off this form."""
    closes = [c for c in nodes_of(module, cst.Call) if _call_on(c, qname, ("close",))]
    if not closes:
        return None
    if len(closes) != 1 or any(a.keyword is None or a.keyword.value != "cancel_pending_enqueues"
                               for a in closes[0].args):
        raise Refusal(f"`{qname}` is closed other than by one `{qname}.close()`")
    close = closes[0]
    block = chain[-2] if len(chain) > 1 and isinstance(chain[-2], (cst.IndentedBlock, cst.Module)) else None
    stmts = list(block.body) if block is not None else []
    if run not in stmts:
        raise Refusal(f"`{qname}.close()` is run in another block than the queue's fills")
    after = stmts[stmts.index(run) + 1:]
    holder = next((s for s in nodes_of(module, cst.SimpleStatementLine) if any(c is close for c in nodes_of(s,
                                                                                                         cst.Call))), None)
    got = _assigned(holder)
    if got is not None and got[1] is close and isinstance(got[0], cst.Name):
        name = got[0].value
        runs = [s for s in after if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and
                isinstance(s.body[0], cst.Expr) and _runs(s.body[0].value, name)]
        refs = [n for n in identifiers(module) if n.value == name]
        if len(runs) != 1 or len(refs) != 2:
            raise Refusal(f"`{name}` (the queue's close) is not run once after the fills, in their block")
        return [holder, runs[0]]
    if holder in after and len(holder.body) == 1 and isinstance(holder.body[0], cst.Expr) and \
            isinstance(holder.body[0].value, cst.Call) and holder.body[0].value.args and \
            holder.body[0].value.args[0].value is close and \
            isinstance(holder.body[0].value.func, cst.Attribute) and holder.body[0].value.func.attr.value == "run" \
            and len(holder.body[0].value.args) == 1:
        return [holder]
    raise Refusal(f"`{qname}.close()` is not run once after the fills, in their block")
