"""A hand-built queue filled by the program's own runs of its enqueue ops, each fill drained by size at once:

    queue = tf.RandomShuffleQueue(capacity=8, min_after_dequeue=0, dtypes=[tf.string, tf.float32], seed=42)
    inits = [queue.enqueue_many([dishes, kcal]) for dishes, kcal in menus]   # or ``fill = queue.enqueue_many(...)``
    out = queue.dequeue()
    with tf.Session() as sess:
        for init in inits:                             # or ``for i, init in enumerate(inits):``
            sess.run(init)                             # a fill (``init.run()``) ...
            for m in range(queue.size().eval()):       # ... then as many dequeues as it holds (or
                                                       # ``while sess.run(queue.size()) > 0:``)
                dish, kcal = sess.run(out)

The queue is empty before each fill (the one before was drained whole), so each drain takes that fill's rows
(in order for a FIFOQueue, shuffled for a RandomShuffleQueue with ``min_after_dequeue=0``). Each fill becomes the
initializer of one iterator over a dataset of its rows (``Iterator.from_structure``; ``make_initializer``), with
the count of its rows left kept in a variable the fill sets and each element taken lowers, read where the program
read ``queue.size()``.

Only this form: the queue named by nothing but its one enqueue statement, its one ``dequeue()`` (its result one
name) and its ``size()`` reads, each the count of a ``for _ in range(...)`` drain that stands right after a run
of a fill and runs the dequeue once a turn (one statement of its body, no ``break``, ``continue``, ``return``,
``raise`` or ``try`` in it); every run of a fill is followed by such a drain; the enqueued values are names,
literals, subscripts or attributes (no calls). Legacy blocks a fill larger than the capacity where the dataset
does not. A queue that refuses something of this form says so (``Refusal``); another form gives None.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, identifiers, nodes_of
from tfdata_bridge._src.migrate.once_filled import _enclosing_scope
from tfdata_bridge._src.migrate.queue_size import parents

_PARAMS = {"FIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name"),
           "RandomShuffleQueue": ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed",
                                  "shared_name", "name")}
_EXITS = (cst.Break, cst.Continue, cst.Return, cst.Raise, cst.Try, cst.Yield)


@dataclass
class SizeDrained:
    queue: cst.SimpleStatementLine
    enqueue: cst.SimpleStatementLine
    dequeue: cst.SimpleStatementLine
    new_queue: list[str]  # the statements for the queue's: the iterator and the rows' variable
    new_enqueue: str  # the enqueue statement's new value
    new_dequeue: list[str]  # the dequeue statement's: the element taken, the count less one, the element
    sizes: list[cst.Call]  # the ``queue.size()`` reads, each the rows' variable now
    rows: str
    comment: str


def _assigned(stmt) -> tuple[cst.BaseAssignTargetExpression, cst.BaseExpression] | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        return stmt.body[0].targets[0].target, stmt.body[0].value
    return None


def _on(node, name: str, methods) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
        isinstance(node.func.value, cst.Name) and node.func.value.value == name and node.func.attr.value in methods


def _runs(stmt, op: str) -> bool:
    """``sess.run(op)`` or ``op.run()``: a statement of its own, the op alone."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return False
    call = stmt.body[0].value
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "run"):
        return False
    if isinstance(call.func.value, cst.Name) and call.func.value.value == op:
        return not call.args
    return len(call.args) == 1 and call.args[0].keyword is None and isinstance(call.args[0].value, cst.Name) and \
        call.args[0].value.value == op


def _size_count(node, q: str) -> cst.Call | None:
    """The ``q.size()`` of ``q.size().eval()`` or ``sess.run(q.size())``."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        if node.func.attr.value == "eval" and not node.args and _on(node.func.value, q, ("size",)):
            return node.func.value
        if node.func.attr.value == "run" and len(node.args) == 1 and node.args[0].keyword is None and \
                _on(node.args[0].value, q, ("size",)):
            return node.args[0].value
    return None


def _drain_count(loop, q: str) -> cst.Call | None:
    """The ``q.size()`` a drain counts: ``for _ in range(<size>):``, or ``while <size> > 0:`` (``!= 0``, or
    the size alone) with no ``else``."""
    if isinstance(loop, cst.For):
        it = loop.iter
        if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range" and \
                len(it.args) == 1 and it.args[0].keyword is None:
            return _size_count(it.args[0].value, q)
        return None
    if not isinstance(loop, cst.While) or loop.orelse is not None:
        return None
    test = loop.test
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
            isinstance(test.comparisons[0].operator, (cst.GreaterThan, cst.NotEqual)) and \
            isinstance(test.comparisons[0].comparator, cst.Integer) and test.comparisons[0].comparator.value == "0":
        test = test.left
    return _size_count(test, q)


def _siblings(up, stmt) -> list:
    block = up.get(id(stmt))
    return list(getattr(block, "body", ()))


def _plain(node) -> bool:
    """A value the enqueue may take as the dataset does where it stands: no call in it."""
    return not nodes_of(node, cst.Call) and not nodes_of(node, cst.Lambda)


def size_drained(index, module: cst.Module, body, stmt, v1: str, code) -> SizeDrained | None:
    made = _assigned(stmt)
    if made is None or not isinstance(made[0], cst.Name) or not isinstance(made[1], cst.Call):
        return None
    kind = (index.paths.get(made[1]) or "").rsplit(".", 1)[-1]
    if kind not in _PARAMS:
        return None
    q = made[0].value
    scope, _ = _enclosing_scope(module, stmt)
    up = parents(module)
    sizes = [c for c in nodes_of(scope, cst.Call) if _on(c, q, ("size",)) and not c.args]
    drains = [loop for loop in [*nodes_of(scope, cst.For), *nodes_of(scope, cst.While)]
              if _drain_count(loop, q) is not None]
    counted = [_drain_count(d, q) for d in drains]
    if not sizes or len(counted) != len(sizes) or {id(c) for c in counted} != {id(c) for c in sizes}:
        return None  # (no drain by size, or a size read elsewhere: once_filled.py's, or left)
    at = body.index(stmt)
    enq = deq = None
    for s in body[at + 1:]:
        got = _assigned(s)
        if got is None:
            continue
        value = got[1]
        call = value.elt if isinstance(value, cst.ListComp) else value
        if enq is None and _on(call, q, ("enqueue", "enqueue_many")) and isinstance(got[0], cst.Name):
            enq = (s, got[0].value, value, call)
        elif deq is None and _on(value, q, ("dequeue",)):
            deq = (s, got[0], value)
    if enq is None or deq is None or \
            len([c for c in nodes_of(scope, cst.Call) if _on(c, q, ("enqueue", "enqueue_many"))]) != 1:
        return None  # (a second enqueue: a queue that feeds itself, say; the other passes' reasons)
    head = f"`{q}` (a `{kind}` filled by the program's runs of `{enq[1]}`, each drained by size)"
    estmt, op, evalue, ecall = enq
    dstmt, dtarget, dcall = deq
    if isinstance(evalue, cst.ListComp) and (evalue.for_in.inner_for_in is not None or evalue.for_in.ifs):
        raise Refusal(f"{head}: its list of enqueue ops is made by a comprehension with a filter or two `for`s")
    if not isinstance(dtarget, cst.Name) or dcall.args:
        raise Refusal(f"{head}: its `dequeue()` takes arguments or is unpacked where it is made; the form followed "
                      "holds it in one name")
    qrefs = [n for n in identifiers(scope) if n.value == q]
    if len(qrefs) != 3 + len(sizes):
        raise Refusal(f"{head}: `{q}` is used beyond its enqueue, its `dequeue()` and its `size()` drains")
    args = bind_params(made[1], _PARAMS[kind], kind)
    if args.get("names") is not None or args.get("shared_name") is not None:
        raise Refusal(f"{head}: the queue has `names=` or `shared_name=`")
    if kind == "RandomShuffleQueue":
        least = args.get("min_after_dequeue")
        if not (isinstance(least, cst.Integer) and int(least.value, 0) == 0):
            raise Refusal(f"{head}: `min_after_dequeue` is not 0: a drain by size would wait on the rows held back")
    dtypes, capacity = args.get("dtypes"), args.get("capacity")
    if not isinstance(dtypes, (cst.List, cst.Tuple)) or capacity is None:
        raise Refusal(f"{head}: the queue's `dtypes` is not a literal list, or its capacity is not given")
    count = len(dtypes.elements)
    vals = ecall.args[0].value if len(ecall.args) == 1 and (ecall.args[0].keyword is None or
                                                              ecall.args[0].keyword.value == "vals") else None
    items = [e.value for e in vals.elements] if isinstance(vals, (cst.List, cst.Tuple)) else [vals] \
        if vals is not None else []
    if vals is None or len(items) != count or any(isinstance(e, cst.StarredElement) for e in
                                                  getattr(vals, "elements", [])) or not all(_plain(e) for e in items):
        raise Refusal(f"{head}: the enqueue takes other than one plain value (a name, a literal, a subscript) per "
                      "queue component")
    # the fills: ``op`` run where it stands, or (a list of ops) each element run in a ``for`` over the list
    oprefs = [n for n in identifiers(scope) if n.value == op and n is not estmt.body[0].targets[0].target]
    if isinstance(evalue, cst.ListComp):
        loops = [f for f in nodes_of(scope, cst.For) if _iterates(f, op)]
        if len(oprefs) != 1 or len(loops) != 1:
            raise Refusal(f"{head}: the list of enqueue ops is read other than by one `for` over it")
        each = _loop_name(loops[0])
        refs = [n for n in identifiers(loops[0].body) if n.value == each]
        runs = [s for s in nodes_of(loops[0].body, cst.SimpleStatementLine) if _runs(s, each)]
        if len(refs) != len(runs):
            raise Refusal(f"{head}: `{each}` is read other than by a run of it")
    else:
        runs = [s for s in nodes_of(scope, cst.SimpleStatementLine) if _runs(s, op)]
        if len(oprefs) != len(runs):
            raise Refusal(f"{head}: `{op}` is read other than by a run of it")
    if not runs:
        return None
    after = []
    for run in runs:
        sib = _siblings(up, run)
        k = next(i for i, s in enumerate(sib) if s is run)
        if k + 1 >= len(sib) or not any(sib[k + 1] is d for d in drains):
            raise Refusal(f"{head}: a run of a fill is not followed at once by a drain of its size")
        after.append(sib[k + 1])
    if {id(d) for d in after} != {id(d) for d in drains} or len(after) != len(drains):
        raise Refusal(f"{head}: a drain by size stands other than right after a fill")
    out = dtarget.value
    for d in drains:
        if any(nodes_of(d.body, e) for e in _EXITS):
            raise Refusal(f"{head}: a drain may stop before its count (`break`, `return`, `raise` or `try` in it): "
                          "the rows left would be counted by the next fill's size")
        top = [s for s in d.body.body if any(n.value == out for n in identifiers(s))]
        inner = [n for n in identifiers(d.body) if n.value == out]
        if len(top) != 1 or len(inner) != 1 or not _takes(top[0], out):
            raise Refusal(f"{head}: a drain does not run `{out}` once a turn in a statement of its own body")
    outrefs = [n for n in identifiers(scope) if n.value == out and n is not dtarget]
    if len(outrefs) != len(drains):
        raise Refusal(f"{head}: `{out}` is read outside the drains")
    taken = {n.value for n in identifiers(module)}
    fresh = (lambda base: next(f"{base}{k or ''}" for k in range(100) if f"{base}{k or ''}" not in taken))
    it, rows = fresh(f"{q}_iterator"), fresh(f"{q}_rows")
    taken, left = fresh(f"{q}_element"), fresh(f"{q}_left")
    types = ", ".join(code(e.value) for e in dtypes.elements)
    shapes = args.get("shapes")
    # each value converted to its component's dtype, as the enqueue converted it
    typed = [f"{v1}.convert_to_tensor({code(e)}, {code(t.value)})" for e, t in zip(items, dtypes.elements)]
    if count == 1:
        structure = types
        shaped = f", {v1}.TensorShape({code(shapes)}[0])" if shapes is not None and not _none(shapes) else ""
        inner = typed[0]
    else:
        structure = f"({types})"
        shaped = "" if shapes is None or _none(shapes) else \
            f", ({', '.join(f'{v1}.TensorShape({code(e.value)})' for e in shapes.elements)})" \
            if isinstance(shapes, (cst.List, cst.Tuple)) and len(shapes.elements) == count else \
            f", tuple({v1}.TensorShape(s) for s in {code(shapes)})"
        inner = "(" + ", ".join(typed) + ")"
    many = ecall.func.attr.value == "enqueue_many"
    dataset = f"{v1}.data.Dataset.{'from_tensor_slices' if many else 'from_tensors'}({inner})"
    if kind == "RandomShuffleQueue":
        seed = args.get("seed")
        dataset += f".shuffle({code(capacity)}{'' if seed is None or _none(seed) else f', seed={code(seed)}'})"
    counted_rows = f"{v1}.shape({code(items[0])})[0]" if many else "1"
    fill = f"{v1}.group({it}.make_initializer({dataset}), {rows}.assign({counted_rows}))"
    new_enqueue = code(evalue.with_changes(elt=cst.parse_expression(fill))) if isinstance(evalue, cst.ListComp) \
        else fill
    accepted = "; accepted: shuffle order differs from the queue's for the same seed" \
        if kind == "RandomShuffleQueue" else ""
    comment = (f"tfdata-bridge migrate: {kind}, {ecall.func.attr.value}, dequeue, size rewritten to tf.data: each "
               f"fill the program runs initializes `{it}` over its rows; `{rows}` counts the rows left, as the "
               f"queue's size did (set by the fill, less one at each element taken){accepted}")
    return SizeDrained(
        stmt, estmt, dstmt,
        [f"{it} = {v1}.data.Iterator.from_structure({structure}{shaped})",
         f"{rows} = {v1}.Variable(0, trainable=False, collections=[])"],
        new_enqueue, [f"{taken} = {it}.get_next()\n",
                      f"with {v1}.control_dependencies({v1}.nest.flatten({taken})):\n"
                      f"    {left} = {rows}.assign_sub(1)\n",
                      f"with {v1}.control_dependencies([{left}]):\n"
                      f"    {out} = {v1}.nest.map_structure({v1}.identity, {taken})\n"], sizes, rows, comment)


def _takes(stmt, out: str) -> bool:
    """A statement that runs the dequeue each time it runs: a ``sess.run(out)`` (or of a list of tensors with
    ``out`` among them) in it (``x = sess.run(out)``, ``rows.append(sess.run(out))``), nothing in it choosing
    whether it does (no ``if`` expression, ``and``/``or``, ``lambda`` or comprehension)."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and
            isinstance(stmt.body[0], (cst.Assign, cst.Expr, cst.AugAssign))):
        return False
    if any(nodes_of(stmt, kind) for kind in (cst.IfExp, cst.BooleanOperation, cst.Lambda, cst.ListComp,
                                             cst.GeneratorExp, cst.SetComp, cst.DictComp)):
        return False
    for call in nodes_of(stmt, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "run" and call.args and \
                call.args[0].keyword is None:
            first = call.args[0].value
            fetched = [e.value for e in first.elements] if isinstance(first, (cst.List, cst.Tuple)) else [first]
            if any(isinstance(f, cst.Name) and f.value == out for f in fetched):
                return True
    return False


def _none(node) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _iterates(loop: cst.For, name: str) -> bool:
    """``for x in name:`` or ``for i, x in enumerate(name):``."""
    it = loop.iter
    if isinstance(it, cst.Name):
        return it.value == name and isinstance(loop.target, cst.Name)
    return isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "enumerate" and \
        len(it.args) == 1 and isinstance(it.args[0].value, cst.Name) and it.args[0].value.value == name and \
        isinstance(loop.target, cst.Tuple) and len(loop.target.elements) == 2 and \
        isinstance(loop.target.elements[1].value, cst.Name)


def _loop_name(loop: cst.For) -> str:
    return loop.target.value if isinstance(loop.target, cst.Name) else loop.target.elements[1].value.value


__all__ = ["SizeDrained", "size_drained"]
