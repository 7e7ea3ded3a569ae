"""A prefetch queue filled by ``k`` readers' enqueue ops and read in batches, written as the batch it amounts to:

    values_queue = tf.FIFOQueue(capacity, dtypes=[tf.string])     values_queue = tf.FIFOQueue(...)
    enqueue_ops = []                                               ...the same readers and runner...
    for _ in range(k):                                             value_1 = values_queue.dequeue()
        _, value = reader.read(filename_queue)              ->     serialized = tf.train.batch([value_1], n)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(
        tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    serialized = values_queue.dequeue_many(n)

(skip-thoughts' ``prefetch_input_data`` read by ``dequeue_many(batch_size)`` in the model, once the helper is
inlined: ``copy_dequeues.py``). The same program for the data: the queue's only reader takes ``n`` elements at a
time, in the queue's order (a RandomShuffleQueue's: any ``n`` of those past ``min_after_dequeue``); one batching
thread dequeuing one element at a time into batches of ``n`` takes the same elements in the same order. At the
end ``dequeue_many`` fails on a short tail, as a batch with ``allow_smaller_final_batch=False`` does;
``dequeue_up_to`` gives it, as ``allow_smaller_final_batch=True`` does. The batch of one dequeue is the form the
recogniser takes (``handbuilt.py``: an interleave of the files, ``shuffle`` for a RandomShuffleQueue).

Only where nothing else reads the queue (its one batched dequeue, the enqueue ops made in a loop, its
``QueueRunner``, its ``size()`` and ``name``), every value the name is given in the function is a ``FIFOQueue`` or
``RandomShuffleQueue`` with a literal list of dtypes, its ``shapes`` (without them legacy's batched dequeue fails
when it runs, and the batch would not) and no ``names=``, the count given alone, and the module
spells ``tensorflow.compat.v1`` (``v1_prefix``). ``to_tfdata.run`` keeps the form only where it lets more
pipelines be rewritten, so a queue left alone stays as written.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, dotted, fresh_name, name_counts, nodes_of, target_names, v1_prefix
from tfdata_bridge._src.migrate.walk import Visitor

_QUEUES = ("FIFOQueue", "RandomShuffleQueue")
_BATCHED = ("dequeue_many", "dequeue_up_to")


def _batched_dequeue(stmt: cst.CSTNode) -> tuple[cst.BaseSmallStatement, cst.Call, str] | None:
    """(the statement's one small statement, the call, the queue's name) for ``v = q.dequeue_many(n)`` (or
    ``dequeue_up_to``, or ``return q.dequeue_many(n)``) with ``n`` given alone."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1 or isinstance(small, cst.Return):
        call = small.value
    else:
        return None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value in _BATCHED
            and isinstance(call.func.value, cst.Name) and len(call.args) == 1 and not call.args[0].star
            and (call.args[0].keyword is None or call.args[0].keyword.value == "n")):
        return None
    return small, call, call.func.value.value


def _components(fn: cst.FunctionDef, q: str) -> int | None:
    """How many components each queue bound to ``q`` in ``fn`` has (all alike), where every value ``q`` is given
    there is a FIFO or shuffling queue with a literal ``dtypes`` list and no ``names=``; None otherwise."""
    counts: set[int] = set()
    for assign in nodes_of(fn, cst.Assign):
        if not any(q in name_counts(t.target) for t in assign.targets):
            continue
        value = assign.value
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name) or \
                not isinstance(value, cst.Call) or dotted(value.func).rsplit(".", 1)[-1] not in _QUEUES:
            return None
        kind = dotted(value.func).rsplit(".", 1)[-1]
        dtypes = next((a.value for a in value.args if a.keyword is not None and a.keyword.value == "dtypes"), None)
        at = 1 if kind == "FIFOQueue" else 2
        if dtypes is None:  # (positional: FIFOQueue(capacity, dtypes), RandomShuffleQueue(capacity, min, dtypes))
            positional = [a for a in value.args if a.keyword is None]
            dtypes = positional[at].value if len(positional) > at else None
        shapes = next((a.value for a in value.args if a.keyword is not None and a.keyword.value == "shapes"), None)
        if shapes is None:
            positional = [a for a in value.args if a.keyword is None]
            shapes = positional[at + 1].value if len(positional) > at + 1 else None
        if shapes is None or dotted(shapes) == "None":
            return None  # (legacy's batched dequeue fails on a queue without shapes: no rewrite makes it work)
        if not isinstance(dtypes, (cst.List, cst.Tuple)) or not dtypes.elements or \
                any(a.keyword is not None and a.keyword.value == "names" for a in value.args) or \
                any(a.star for a in value.args):
            return None
        counts.add(len(dtypes.elements))
    if any(isinstance(n, (cst.Param,)) and n.name.value == q for n in nodes_of(fn, cst.Param)):
        return None
    return counts.pop() if len(counts) == 1 else None


def _only_reader(fn: cst.FunctionDef, q: str, dcall: cst.Call) -> bool:
    """``dcall`` is the one read of ``q`` in ``fn``: its other uses are assignments, enqueue ops made in a loop,
    its runner, ``size()`` and ``name``."""
    class _V(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.ok = True
            self.loops = 0
            self.seen: set[int] = set()

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            if node is not fn and q in name_counts(node):
                self.ok = False  # (a nested function reading it)
            return node is fn

        def visit_For(self, node: cst.For) -> None:
            self.loops += 1

        def leave_For(self, node: cst.For) -> None:
            self.loops -= 1

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == q:
                self.seen.add(id(node.value))
                attr = node.attr.value
                if attr == "enqueue" and self.loops or attr in ("size", "name") or \
                        attr in _BATCHED and node is dcall.func:
                    return
                self.ok = False

        def visit_Call(self, node: cst.Call) -> None:
            if dotted(node.func).endswith("QueueRunner") and node.args and isinstance(node.args[0].value, cst.Name) \
                    and node.args[0].value.value == q:
                self.seen.add(id(node.args[0].value))

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name) and node.target.value == q:
                self.seen.add(id(node.target))

        def visit_Name(self, node: cst.Name) -> None:
            if node.value == q:
                self.names.append(node)

    v = _V()
    v.names = []  # type: ignore[attr-defined]
    fn.visit(v)
    enqueues = [a for a in nodes_of(fn, cst.Attribute) if isinstance(a.value, cst.Name) and a.value.value == q
                and a.attr.value == "enqueue"]
    runners = [c for c in nodes_of(fn, cst.Call) if dotted(c.func).endswith("QueueRunner") and c.args
               and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == q]
    return v.ok and bool(enqueues) and len(runners) == 1 and all(id(n) in v.seen for n in v.names)


def _never_read(fn: cst.FunctionDef, name: str) -> bool:
    """Every ``name`` in ``fn`` is bound (an assignment's or a ``for``'s target), none read."""
    bound = 0
    for node in [*(t.target for t in nodes_of(fn, cst.AssignTarget)), *(f.target for f in nodes_of(fn, cst.For))]:
        bound += (target_names(node) or []).count(name)
    return bound == name_counts(fn).get(name, 0)


def batch_many_dequeues(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each batched dequeue of a readers' prefetch queue written as a batch of one dequeue (the
    same module object when there is none)."""
    if "dequeue_many" not in code_of(module) and "dequeue_up_to" not in code_of(module):
        return module
    v1 = v1_prefix(module)
    if v1 is None:
        return module
    taken = set(name_counts(module))
    swaps: dict[int, list[cst.BaseStatement]] = {}
    for fn in nodes_of(module, cst.FunctionDef):
        for stmt in nodes_of(fn, cst.SimpleStatementLine):
            found = _batched_dequeue(stmt)
            if found is None or id(stmt) in swaps:
                continue
            small, dcall, q = found
            if any(f is not fn and stmt in nodes_of(f, cst.SimpleStatementLine)
                   for f in nodes_of(fn, cst.FunctionDef)):
                continue  # (the statement of a nested function: looked at there)
            parts = _components(fn, q)
            if parts is None or not _only_reader(fn, q, dcall):
                continue
            # (one name per component, the element's: ``key_1, value_1 = queue.dequeue()``)
            given = target_names(small.targets[0].target) if isinstance(small, cst.Assign) else None
            stems = given if given is not None and len(given) == parts and parts > 1 else ["value"] * parts
            # (a component bound to ``_`` and never read, a record's key, say: dequeued and not batched)
            unread = ["_" if stem == "_" and _never_read(fn, "_") else None for stem in stems]
            if sum(u is None for u in unread) == 0:
                continue
            xs = [u or fresh_name(stem, taken) for stem, u in zip(stems, unread)]
            target = cst.Name(xs[0]) if parts == 1 else \
                cst.Tuple([cst.Element(cst.Name(x)) for x in xs], lpar=[], rpar=[])
            first = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], cst.Call(
                cst.Attribute(cst.Name(q), cst.Name("dequeue"))))], leading_lines=stmt.leading_lines)
            kept = [x for x, u in zip(xs, unread) if u is None]
            tensors = cst.List([cst.Element(cst.Name(x)) for x in kept])
            if len(kept) < parts:  # the batch gives the kept components alone (one: the tensor itself)
                names = [n for n, u in zip(given, unread) if u is None]
                small = small.with_changes(targets=[cst.AssignTarget(cst.Name(names[0]) if len(names) == 1 else
                                                                     cst.Tuple([cst.Element(cst.Name(n))
                                                                                for n in names], lpar=[], rpar=[]))])
            args = [cst.Arg(tensors), cst.Arg(dcall.args[0].value)]
            if dcall.func.attr.value == "dequeue_up_to":
                args.append(cst.Arg(cst.Name("True"), keyword=cst.Name("allow_smaller_final_batch")))
            batch = cst.Call(cst.parse_expression(f"{v1}.train.batch"), args)
            second = stmt.with_changes(body=[small.with_changes(value=batch)], leading_lines=())
            swaps[id(stmt)] = [first, second]
    if not swaps:
        return module

    class _T(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            new = swaps.get(id(original))
            return cst.FlattenSentinel(new) if new is not None else updated

    return module.visit(_T())


__all__ = ["batch_many_dequeues"]
