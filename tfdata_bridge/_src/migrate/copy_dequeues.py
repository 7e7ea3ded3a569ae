"""A prefetch queue returned by its helper and dequeued once per preprocessing copy (im2txt's input side):

    def prefetch_input_data(files, ...):                   def prefetch_input_data(files, ...):
        ...                                                    ...
        values_queue = tf.FIFOQueue(...)                       values_queue = tf.FIFOQueue(...)
        ...k readers' enqueue ops and their QueueRunner...     ...
        return values_queue                                    return values_queue.dequeue()

    input_queue = prefetch_input_data(files, ...)          serialized = prefetch_input_data(files, ...)
    pairs = []                                             pairs = []
    for thread_id in range(num_preprocess_threads):        for thread_id in range(num_preprocess_threads):
        serialized = input_queue.dequeue()                     image, caption = parse(serialized)
        image, caption = parse(serialized)                     ...
        ...                                                    pairs.append([image, caption])
        pairs.append([image, caption])                     images, captions = tf.train.batch_join(pairs, ...)
    images, captions = tf.train.batch_join(pairs, ...)

is the same program for the join: each of the join's ``k`` threads runs its own copy's enqueue op, and each run
of it runs the dequeue it reads once, whether that op is one per copy or one shared by the copies, so every
element still meets one copy (Inception's ``batch_inputs`` shares one dequeue so). The form on the right is the
prefetch helper and the copies' join the recogniser takes (``prefetch_helper.py``, ``copies_join.py``). Only
where that holds for sure: the helper a module function of this module ending in ``return queue`` for a queue it
makes by a ``FIFOQueue`` or ``RandomShuffleQueue`` call, called once in the module as ``name = helper(...)``;
the name's one use ``x = name.dequeue()`` directly in a ``for ... in range(...)`` loop after the call in the same
block, that loop ending with ``lst.append(...)``, and ``lst`` read after the loop only as the first argument of a
``*batch_join`` call of the same block (a list whose copies one op reads together would get one element ``k``
times). ``to_tfdata.run`` keeps the form only where it lets more pipelines be rewritten, so a program left alone
stays as written. A helper of another module, or copies joined by another function (im2txt's
``batch_with_dynamic_pad``), are not taken here: the note at the queue says so.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import dotted, name_counts, target_names

_QUEUES = ("FIFOQueue", "RandomShuffleQueue")


def _one_assign(stmt: cst.CSTNode) -> cst.Assign | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        return stmt.body[0]
    return None


def _name_target(assign: cst.Assign | None) -> str | None:
    target = assign.targets[0].target if assign is not None else None
    return target.value if isinstance(target, cst.Name) else None


def _returned_queue(fn: cst.FunctionDef) -> str | None:
    """The queue's name where ``fn`` ends with ``return queue`` for a queue it makes (FIFO or shuffling)."""
    body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ()
    last = body[-1] if body else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if fn.decorators or fn.asynchronous or not (isinstance(ret, cst.Return) and isinstance(ret.value, cst.Name)):
        return None
    qname = ret.value.value
    made = []

    class _V(cst.CSTVisitor):
        def visit_Assign(self, node: cst.Assign) -> None:
            if qname in (target_names(node.targets[0].target) or ()):
                made.append(node.value)

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is fn

    fn.visit(_V())
    if not made or not all(isinstance(v, cst.Call) and dotted(v.func).rsplit(".", 1)[-1] in _QUEUES for v in made):
        return None
    return qname


def _join_of(block: list[cst.BaseStatement], after: int, lst: str) -> bool:
    """``lst`` read after ``block[after]`` only as the first argument of one ``*batch_join`` call there."""
    reads = sum(name_counts(s).get(lst, 0) for s in block[after + 1:])
    for stmt in block[after + 1:]:
        assign = _one_assign(stmt)
        value = assign.value if assign is not None else None
        if isinstance(value, cst.Call) and dotted(value.func).endswith("batch_join") and value.args \
                and value.args[0].keyword is None and isinstance(value.args[0].value, cst.Name) \
                and value.args[0].value.value == lst:
            return reads == 1
    return False


def _plan(fn: cst.FunctionDef, helper: str, qname: str, counts) -> tuple[cst.CSTNode, cst.CSTNode, str] | None:
    """(the call's statement, the dequeue's statement, the dequeued name) in the caller ``fn``; None if not so."""
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    for i, stmt in enumerate(body):
        assign = _one_assign(stmt)
        call = assign.value if assign is not None else None
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value == helper):
            continue
        v = _name_target(assign)
        local = name_counts(fn)
        if v is None or local.get(v) != 2:
            return None
        for j in range(i + 1, len(body)):
            loop = body[j]
            if not (isinstance(loop, cst.For) and isinstance(loop.body, cst.IndentedBlock) and loop.orelse is None
                    and isinstance(loop.iter, cst.Call) and dotted(loop.iter.func) == "range"):
                continue
            inner = list(loop.body.body)
            for d in inner:
                got = _one_assign(d)
                value = got.value if got is not None else None
                if not (isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Attribute)
                        and value.func.attr.value == "dequeue" and isinstance(value.func.value, cst.Name)
                        and value.func.value.value == v):
                    continue
                x = _name_target(got)
                last = inner[-1]
                small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
                appended = small.value if isinstance(small, cst.Expr) else None
                if x is None or local.get(x, 0) != name_counts(loop).get(x, 0) or x in counts:
                    return None  # (the dequeued name read outside the loop, or a module name)
                if not (isinstance(appended, cst.Call) and isinstance(appended.func, cst.Attribute)
                        and appended.func.attr.value == "append" and isinstance(appended.func.value, cst.Name)):
                    return None
                if not _join_of(body, j, appended.func.value.value):
                    return None
                return stmt, d, x
        return None
    return None


def dequeue_in_helper(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each prefetch helper's queue dequeued in the helper, where its one caller dequeues it once
    per copy of a join (the same module object when there is none)."""
    if ".dequeue()" not in module.code or "batch_join" not in module.code:
        return module
    top = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
    counts = name_counts(module)
    module_names = {n for s in module.body for n in _top_names(s)}
    edits: dict[int, cst.CSTNode | None] = {}
    returns: dict[int, cst.CSTNode] = {}
    for name, helper in top.items():
        qname = _returned_queue(helper)
        if qname is None or counts.get(name) != 2:  # (its ``def`` and its one call)
            continue
        callers = [f for f in _functions(module) if f is not helper and name in name_counts(f)]
        if len(callers) != 1:
            continue
        found = _plan(callers[0], name, qname, module_names)
        if found is None:
            continue
        call_stmt, deq_stmt, x = found
        assign = _one_assign(call_stmt)
        edits[id(call_stmt)] = call_stmt.with_changes(body=[assign.with_changes(
            targets=[assign.targets[0].with_changes(target=cst.Name(x))])])
        edits[id(deq_stmt)] = None
        last = helper.body.body[-1]
        ret = last.body[0]
        returns[id(last)] = last.with_changes(body=[ret.with_changes(value=cst.Call(
            cst.Attribute(ret.value, cst.Name("dequeue"))))])
    if not edits:
        return module

    class _T(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            if id(original) in returns:
                return returns[id(original)]
            if id(original) in edits:
                new = edits[id(original)]
                return cst.RemoveFromParent() if new is None else new
            return updated

    return module.visit(_T())


def _top_names(stmt: cst.CSTNode) -> list[str]:
    assign = _one_assign(stmt)
    return list(target_names(assign.targets[0].target) or ()) if assign is not None else []


def _functions(module: cst.Module) -> list[cst.FunctionDef]:
    out: list[cst.FunctionDef] = []
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef):
            out.append(stmt)
        elif isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock):
            out += [s for s in stmt.body.body if isinstance(s, cst.FunctionDef)]
    return out
