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
the name's one use ``x = name.dequeue()`` (or a ``name.dequeue()`` inside one statement's expression, named
first where nothing evaluates it conditionally) directly in a ``for ... in range(...)`` loop after the call in the
same block, that loop ending with ``lst.append(...)``, and ``lst`` read after the loop only as the first argument of a
``*batch_join`` call of the same block (a list whose copies one op reads together would get one element ``k``
times). ``to_tfdata.run`` keeps the form only where it lets more pipelines be rewritten, so a program left alone
stays as written. A helper of another module, or copies joined by another function (im2txt's
``batch_with_dynamic_pad``), are not taken here: the note at the queue says so (``handed_copies.py`` brings both
into this form where it can).

A helper called at several sites (train's and eval's input) is inlined at each call that takes the form, one call
at a time (each call made its own queue, readers and runner: so does each inlined copy); copies made by a list
comprehension over ``range`` are first written as the loop above (``copies_as_loops``); and a queue made in the
function that dequeues it once per copy has that dequeue made once before the loop (``hoist_copy_dequeues``: a
builder method inlined into its caller, ``method_inline.py``, gives that form).
"""

from __future__ import annotations

import collections

import libcst as cst

from tfdata_bridge._src.migrate.calls import (code_of, dotted, fresh_name, is_docstring, module_functions, name_counts,
                                               nodes_of, target_names)
from tfdata_bridge._src.migrate.walk import Visitor

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

    class _V(Visitor):
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
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        value = small.value if isinstance(small, cst.Return) or small is _one_assign(stmt) is not None else None
        if isinstance(value, cst.Call) and dotted(value.func).endswith("batch_join") and value.args \
                and value.args[0].keyword is None and isinstance(value.args[0].value, cst.Name) \
                and value.args[0].value.value == lst:
            return reads == 1
    return False


def _plan(fn: cst.FunctionDef, helper: str, qname: str, counts
          ) -> tuple[cst.CSTNode, cst.CSTNode, str, cst.CSTNode | None] | None:
    """(the call's statement, the dequeue's statement, the dequeued name, that statement with the dequeue named
    ``x`` where it was written inside an expression, else None) in the caller ``fn``; None if not so."""
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
        found = _copies_loop(fn, body, i, v, counts)
        return (stmt, *found) if found is not None else None
    return None


def _copies_loop(fn: cst.FunctionDef, body: list[cst.BaseStatement], i: int, v: str, counts
                 ) -> tuple[cst.CSTNode, str, cst.CSTNode | None] | None:
    """(the dequeue's statement, the dequeued name, that statement with the dequeue named ``x`` or None) of the
    first ``for ... in range(...)`` loop after ``body[i]`` reading ``v``, where its one ``v.dequeue()`` feeds
    copies appended to a list that a ``*batch_join`` of the same block alone reads; None if not so."""
    local = name_counts(fn)
    for j in range(i + 1, len(body)):
        loop = body[j]
        if not (isinstance(loop, cst.For) and isinstance(loop.body, cst.IndentedBlock) and loop.orelse is None
                and isinstance(loop.iter, cst.Call) and dotted(loop.iter.func) == "range"):
            continue
        inner = list(loop.body.body)
        for d in inner:
            if v not in name_counts(d):
                continue
            got = _one_assign(d)
            value = got.value if got is not None else None
            named = None
            if _dequeue_of(value, v):
                x = _name_target(got)
            else:  # ``parse(queue.dequeue())``: the dequeue named first, as the statement's first op
                x = fresh_name("serialized", set(counts) | set(local))
                named = _name_inline(d, v, x)
                if named is None:
                    return None
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
            return d, x, named
    return None


def _one_plan(fn: cst.FunctionDef, helper: str) -> tuple[cst.CSTNode, None, None, None] | None:
    """``_many_plan`` for one ``x = v.dequeue()`` (a statement of its own, later in the same block as the call,
    outside any loop or nested function of that block: each run of the call's statement meets one run of the
    dequeue, as for the one copy of a ``range(1)``): the helper's statements then stand at the call, the dequeue
    where it is, the one-function form of a runner-filled queue read once per element (``runner_queue.py``)."""
    return _many_plan(fn, helper, single=True)


def _many_plan(fn: cst.FunctionDef, helper: str, single: bool = False
               ) -> tuple[cst.CSTNode, None, None, None] | None:
    """(the call's statement, None, None, None) where ``fn`` binds ``v = helper(...)`` (in any block of its own)
    and reads ``v`` once, by ``v.dequeue_many(n)`` / ``v.dequeue_up_to(n)`` as a statement of its own later in the
    same block (skip-thoughts' model: ``serialized = input_queue.dequeue_many(batch_size)``); None if not so. The
    helper's statements then stand at the call, the dequeue where it is."""
    from tfdata_bridge._src.migrate.many_dequeues import _batched_dequeue

    for block in nodes_of(fn, cst.IndentedBlock):
        body = list(block.body)
        for i, stmt in enumerate(body):
            assign = _one_assign(stmt)
            call = assign.value if assign is not None else None
            if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value == helper):
                continue
            v = _name_target(assign)
            if v is None or name_counts(fn).get(v) != 2 or any(
                    f is not fn and v in name_counts(f) for f in nodes_of(fn, cst.FunctionDef)):
                return None
            for later in body[i + 1:]:
                if v not in name_counts(later):
                    continue
                if single:
                    got = _one_assign(later)
                    ok = got is not None and _name_target(got) is not None and _dequeue_of(got.value, v)
                    return (stmt, None, None, None) if ok else None
                found = _batched_dequeue(later)
                return (stmt, None, None, None) if found is not None and found[2] == v else None
            return None
    return None


def _dequeue_of(node: cst.CSTNode | None, v: str) -> bool:
    return isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) \
        and node.func.attr.value == "dequeue" and isinstance(node.func.value, cst.Name) and node.func.value.value == v


def _name_inline(stmt: cst.CSTNode, v: str, x: str) -> cst.CSTNode | None:
    """``stmt`` with its one ``v.dequeue()`` replaced by ``x``, where that is its one use of ``v`` and nothing
    evaluates it conditionally or more than once (a lambda, a comprehension, a conditional expression, ``and`` /
    ``or``); None otherwise."""
    guarded = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.IfExp,
               cst.BooleanOperation)
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1 or name_counts(stmt).get(v) != 1:
        return None
    hits: list[bool] = []

    class _Find(Visitor):
        depth = 0

        def on_visit(self, node: cst.CSTNode) -> bool:
            if _dequeue_of(node, v):
                hits.append(self.depth == 0)
                return False
            if isinstance(node, guarded):
                self.depth += 1
            return True

        def on_leave(self, node: cst.CSTNode) -> None:
            if isinstance(node, guarded):
                self.depth -= 1

    stmt.visit(_Find())
    if hits != [True]:
        return None

    class _Put(cst.CSTTransformer):
        def leave_Call(self, original, updated):
            return cst.Name(x) if _dequeue_of(original, v) else updated

    return stmt.visit(_Put())


def dequeue_in_helper(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each prefetch helper's queue dequeued in the helper, where its one caller dequeues it once
    per copy of a join (the same module object when there is none)."""
    if ".dequeue()" not in code_of(module) or "batch_join" not in code_of(module):
        return module
    top = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
    counts = name_counts(module)
    module_names = {n for s in module.body for n in _top_names(s)}
    edits: dict[int, cst.CSTNode | None] = {}
    returns: dict[int, cst.CSTNode] = {}
    helpers: dict[int, tuple[cst.Param, cst.CSTNode]] = {}
    flags: dict[int, dict[str, bool]] = {}
    for name, helper in top.items():
        qname = _returned_queue(helper)
        if qname is None or counts.get(name) != 2:  # (its ``def`` and its one call)
            continue
        callers = [f for f in module_functions(module) if f is not helper and name in name_counts(f)]
        if len(callers) != 1:
            continue
        found = _plan(callers[0], name, qname, module_names)
        if found is None:
            continue
        call_stmt, deq_stmt, x, named = found
        assign = _one_assign(call_stmt)
        edits[id(call_stmt)] = call_stmt.with_changes(body=[assign.with_changes(
            targets=[assign.targets[0].with_changes(target=cst.Name(x))])])
        edits[id(deq_stmt)] = named  # (None: the dequeue's own statement goes)
        last = helper.body.body[-1]
        ret = last.body[0]
        returns[id(last)] = last.with_changes(body=[ret.with_changes(value=cst.Call(
            cst.Attribute(ret.value, cst.Name("dequeue"))))])
        known = _known_flags(helper, assign.value)
        if known:
            flags[id(helper)] = known
        moved = _passed_reader(helper, assign.value, callers[0])
        if moved is not None:  # the reader made for this call alone, moved into the helper
            param, made_stmt, arg = moved
            helpers[id(helper)] = (param, made_stmt)
            edits[id(call_stmt)] = edits[id(call_stmt)].with_changes(body=[edits[id(call_stmt)].body[0].with_changes(
                value=assign.value.with_changes(args=_without(assign.value.args, arg)))])
            if made_stmt is not None and not isinstance(made_stmt, cst.Call):
                edits[id(made_stmt)] = None
    if not edits:
        return module

    class _T(cst.CSTTransformer):
        def leave_FunctionDef(self, original, updated):
            if id(original) in flags:
                updated = _resolved(updated, flags[id(original)])
            if id(original) not in helpers:
                return updated
            param, made = helpers[id(original)]
            value = made if isinstance(made, cst.Call) else made.body[0].value
            first = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(param.name)], value)])
            params = [p for p in updated.params.params if p.name.value != param.name.value]
            if params:
                params[-1] = params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            body = list(updated.body.body)
            at = 1 if body and is_docstring(body[0]) else 0
            return updated.with_changes(params=updated.params.with_changes(params=params),
                                        body=updated.body.with_changes(body=[*body[:at], first, *body[at:]]))

        def leave_SimpleStatementLine(self, original, updated):
            if id(original) in returns:
                return returns[id(original)]
            if id(original) in edits:
                new = edits[id(original)]
                return cst.RemoveFromParent() if new is None else new
            return updated

    return module.visit(_T())


def _flag_test(test: cst.BaseExpression) -> tuple[str, bool] | None:
    """(the name, True) for ``if name:``, (the name, False) for ``if not name:``."""
    if isinstance(test, cst.Name):
        return test.value, True
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and isinstance(test.expression,
                                                                                                    cst.Name):
        return test.expression.value, False
    return None


def _known_flags(helper: cst.FunctionDef, call: cst.Call) -> dict[str, bool]:
    """The helper's parameters tested by ``if flag:`` / ``if not flag:`` in its own body (im2txt's ``if
    is_training:`` choosing the queue) whose value its one call gives as ``True`` / ``False`` (or leaves at such a
    default), read nowhere else and bound nowhere in it: each such ``if`` runs one branch, known when migrating."""
    params = {p.name.value: p for p in helper.params.params}
    tested: dict[str, int] = {}
    for stmt in helper.body.body if isinstance(helper.body, cst.IndentedBlock) else ():
        got = _flag_test(stmt.test) if isinstance(stmt, cst.If) and not isinstance(stmt.orelse, cst.If) else None
        if got is not None and got[0] in params:
            tested[got[0]] = tested.get(got[0], 0) + 1
    out: dict[str, bool] = {}
    counts = name_counts(helper)
    for name, n in tested.items():
        if counts.get(name) != n + 1:  # (its parameter and its tests: no other read, no assignment)
            continue
        position = list(params).index(name)
        given = [a.value for i, a in enumerate(call.args) if a.keyword is None and i == position and not a.star
                 or a.keyword is not None and a.keyword.value == name]
        value = given[0] if len(given) == 1 else params[name].default if not given else None
        if any(a.star for a in call.args) or not (isinstance(value, cst.Name) and value.value in ("True", "False")):
            continue
        out[name] = value.value == "True"
    return out


def _resolved(fn: cst.FunctionDef, flags: dict[str, bool]) -> cst.FunctionDef:
    """``fn`` with each ``if`` on a known flag replaced by the branch it runs."""
    body: list[cst.BaseStatement] = []
    for stmt in fn.body.body:
        got = _flag_test(stmt.test) if isinstance(stmt, cst.If) and not isinstance(stmt.orelse, cst.If) else None
        if got is None or got[0] not in flags:
            body.append(stmt)
            continue
        taken = stmt.body if flags[got[0]] == got[1] else stmt.orelse.body if stmt.orelse is not None else None
        inner = list(taken.body) if isinstance(taken, cst.IndentedBlock) else []
        if inner:
            inner[0] = inner[0].with_changes(leading_lines=stmt.leading_lines)
        body += inner
    return fn.with_changes(body=fn.body.with_changes(body=body))


def _without(args, arg: cst.Arg) -> list[cst.Arg]:
    out = [a for a in args if a is not arg]
    if out:
        out[-1] = out[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return out


def _passed_reader(helper: cst.FunctionDef, call: cst.Call, caller: cst.FunctionDef
                   ) -> tuple[cst.Param, cst.CSTNode, cst.Arg] | None:
    """(the parameter, the statement making the reader or the call written in place, the argument) where the
    helper reads with a reader it is passed (im2txt's ``prefetch_input_data(reader, ...)``) that the caller makes
    for this call alone: ``reader = tf.TFRecordReader()`` read by nothing else, or ``tf.TFRecordReader()`` in the
    call, taking no names (a name of the caller's would mean another value in the helper). The reader is then made
    in the helper, the same op; the recogniser checks it is a reader."""
    if any(a.star for a in call.args):
        return None
    positional = list(helper.params.params)
    by_name = {p.name.value: p for p in positional}
    for i, arg in enumerate(call.args):
        param = by_name.get(arg.keyword.value) if arg.keyword is not None else \
            positional[i] if i < len(positional) else None
        if param is None:
            return None
        reads = [r for r in _read_calls(helper) if isinstance(r.func.value, cst.Name)
                 and r.func.value.value == param.name.value]
        if not reads or name_counts(helper).get(param.name.value) != len(reads) + 1:
            continue  # (not a reader this helper reads, or read beyond its reads)
        value = arg.value
        if isinstance(value, cst.Call):
            return (param, value, arg) if _plain(value) else None
        if not isinstance(value, cst.Name) or name_counts(caller).get(value.value) != 2:
            return None
        body = caller.body.body if isinstance(caller.body, cst.IndentedBlock) else ()
        made = [s for s in body if _name_target(_one_assign(s)) == value.value]
        if len(made) != 1 or not isinstance(made[0].body[0].value, cst.Call) or not _plain(made[0].body[0].value):
            return None
        return param, made[0], arg
    return None


def _read_calls(fn: cst.FunctionDef) -> list[cst.Call]:
    out: list[cst.Call] = []

    class _V(Visitor):
        def visit_Call(self, node: cst.Call) -> None:
            if isinstance(node.func, cst.Attribute) and node.func.attr.value == "read":
                out.append(node)

    fn.visit(_V())
    return out


def _plain(call: cst.Call) -> bool:
    """A call whose arguments read no names (``tf.TFRecordReader()``, ``tf.TFRecordReader(options=None)``)."""
    from tfdata_bridge._src.migrate.calls import names_in

    return not names_in(cst.Tuple([cst.Element(a.value) for a in call.args])) - {"True", "False", "None"}


def _top_names(stmt: cst.CSTNode) -> list[str]:
    assign = _one_assign(stmt)
    return list(target_names(assign.targets[0].target) or ()) if assign is not None else []


def inline_prefetch_helper(module: cst.Module, external=None) -> cst.Module:
    """``module`` with a prefetch helper of the form above inlined at its calls, the copies' dequeue made once
    just after it (the same module object when there is none).

    For a helper whose file list or settings are computed in it (im2txt's glob loop over ``file_pattern``), which
    ``prefetch_helper.py`` cannot move to the call: its statements stand at the call, its parameters replaced by
    the call's arguments (a fresh name bound first where the argument is no plain name or literal, or where the
    helper assigns the parameter), its locals renamed apart, its queue named as the caller named it, and a known
    flag's ``if`` resolved. The same ops in the same order: the same program, in the one-function form of
    Inception's ``batch_inputs`` (``handbuilt.py`` and ``copies_join.py``). Only a helper without nested
    functions, classes, lambdas, ``global``, ``yield`` or another ``return``, whose free names the caller does
    not bind; ``to_tfdata.run`` keeps it only where it lets more pipelines be rewritten. A helper called at
    several sites (a train and an eval input) is inlined at each call that takes this form, in turn."""
    if ".dequeue()" not in code_of(module) and \
            ".dequeue_many(" not in code_of(module) and ".dequeue_up_to(" not in code_of(module):
        return module
    # (a helper called at several sites, train's and eval's: each call inlined in turn, each the ops that call
    # made, its own queue, readers and runner; the helper goes with its last call)
    module = hoist_copy_dequeues(copies_as_loops(module))
    for _ in range(8):
        out = _inline_one_call(module)
        if out is module:
            return module
        module = out
        if ".dequeue()" not in code_of(module) and ".dequeue_many(" not in code_of(module) and \
                ".dequeue_up_to(" not in code_of(module):
            return module
    return module


def copies_as_loops(module: cst.Module) -> cst.Module:
    """``module`` with each list of copies made by a comprehension over ``range`` whose element dequeues a queue a
    prefetch helper of the module returned (``copies = [parse(queue.dequeue(), k) for k in range(n)]``) written as
    the loop the form above takes (``copies = []`` / ``for k in range(n):`` / ``copies.append(parse(...))``): the
    same element expression evaluated the same number of times in the same order, each value appended. Only where
    the comprehension has one ``for`` without ``if`` and its target's names are read nowhere else in the function
    (the loop's target outlives it); the same module object where there is none."""
    if ".dequeue()" not in code_of(module) or " for " not in code_of(module):
        return module
    helpers = {s.name.value for s in module.body if isinstance(s, cst.FunctionDef) and _returned_queue(s)}
    helpers |= {s.name.value for c in module.body if isinstance(c, cst.ClassDef)
                and isinstance(c.body, cst.IndentedBlock)
                for s in c.body.body if isinstance(s, cst.FunctionDef) and _returned_queue(s)}
    if not helpers:
        return module
    swap: dict[int, list[cst.BaseStatement]] = {}
    for fn in module_functions(module):
        queues = set()
        for stmt in nodes_of(fn, cst.SimpleStatementLine):
            assign = _one_assign(stmt)
            call = assign.value if assign is not None else None
            if isinstance(call, cst.Call) and (isinstance(call.func, cst.Name) and call.func.value in helpers or
                                               dotted(call.func) in {f"self.{h}" for h in helpers}):
                queues.add(_name_target(assign))
        queues.discard(None)
        if not queues:
            continue
        counts = name_counts(fn)
        for stmt in nodes_of(fn, cst.SimpleStatementLine):
            assign = _one_assign(stmt)
            comp = assign.value if assign is not None else None
            lst = _name_target(assign)
            if lst is None or not isinstance(comp, cst.ListComp) or comp.for_in.ifs or comp.for_in.inner_for_in \
                    or comp.for_in.asynchronous is not None or not isinstance(comp.for_in.iter, cst.Call) \
                    or dotted(comp.for_in.iter.func) != "range":
                continue
            if not any(_dequeue_of(c, q) for c in nodes_of(comp.elt, cst.Call) for q in queues):
                continue
            target = comp.for_in.target
            mine = name_counts(cst.Module([cst.SimpleStatementLine([cst.Expr(comp)])]))
            # (elsewhere only in another loop binding it, which binds it before any read of its own: another
            # comprehension over it, whose names are its own, or a ``for`` over it, its target and body)
            names = set(name_counts(target))
            others: collections.Counter[str] = collections.Counter()
            for other in [*nodes_of(fn, cst.ListComp), *nodes_of(fn, cst.SetComp), *nodes_of(fn, cst.DictComp),
                          *nodes_of(fn, cst.GeneratorExp)]:
                if other is not comp and not other.for_in.inner_for_in and \
                        names & set(name_counts(other.for_in.target)):
                    others.update(name_counts(cst.Module([cst.SimpleStatementLine([cst.Expr(other)])])))
            for loop in nodes_of(fn, cst.For):
                if names & set(name_counts(loop.target)):
                    others.update(name_counts(loop.target))
                    others.update(name_counts(loop.body))
            if any(counts.get(t) != mine.get(t) + others.get(t, 0) for t in names) or lst in name_counts(comp):
                continue
            made = stmt.with_changes(body=[assign.with_changes(value=cst.List([]))])
            append = cst.SimpleStatementLine([cst.Expr(cst.Call(cst.Attribute(cst.Name(lst), cst.Name("append")),
                                                                [cst.Arg(comp.elt)]))])
            loop = cst.For(target=target, iter=comp.for_in.iter, body=cst.IndentedBlock([append]))
            swap[id(stmt)] = [made, loop]
    if not swap:
        return module

    class _T(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            return cst.FlattenSentinel(swap[id(original)]) if id(original) in swap else updated

    return module.visit(_T())


def hoist_copy_dequeues(module: cst.Module) -> cst.Module:
    """``module`` with each queue a function makes (``v = tf.FIFOQueue(...)`` / ``RandomShuffleQueue``, in its
    body) and dequeues once per copy in a later ``for ... in range(...)`` loop into a join of its own dequeued once
    just before that loop instead: the form above, where the same reasoning holds (each of the join's threads runs
    its own copy's enqueue op, and each run runs the one dequeue it reads once: every element meets one copy).
    Only where ``v`` is bound once, read in that loop by its one ``v.dequeue()`` and nowhere after it, and no nested
    function or lambda of the function names it; the same module object where there is none."""
    if ".dequeue()" not in code_of(module) or "batch_join" not in code_of(module):
        return module
    module_names = {n for s in module.body for n in _top_names(s)}
    swap: dict[int, list[cst.BaseStatement] | None] = {}
    for fn in module_functions(module):
        body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
        if any(f is not fn for f in nodes_of(fn, cst.FunctionDef)) or nodes_of(fn, cst.Lambda):
            continue
        for i, stmt in enumerate(body):
            assign = _one_assign(stmt)
            call = assign.value if assign is not None else None
            v = _name_target(assign)
            if v is None or not isinstance(call, cst.Call) or dotted(call.func).rsplit(".", 1)[-1] not in _QUEUES:
                continue
            binds = [t for t in nodes_of(fn, cst.AssignTarget) if v in name_counts(t)] + \
                [f for f in nodes_of(fn, cst.For) if v in name_counts(f.target)]
            if len(binds) != 1 or any(v in name_counts(s) for s in body[:i]):
                continue
            # (the loop dequeuing it: its readers' enqueue loop, before, reads it too)
            j = next((k for k in range(i + 1, len(body)) if isinstance(body[k], cst.For) and any(
                _dequeue_of(c, v) for c in nodes_of(body[k], cst.Call))), None)
            found = _copies_loop(fn, body, j - 1, v, module_names) if j is not None else None
            if found is None:
                continue
            d, x, named = found
            loop = body[j]
            if not any(t is d for t in nodes_of(loop, type(d))):
                continue
            if sum(name_counts(s).get(v, 0) for s in body[j:]) != 1 or nodes_of(loop, cst.Break) or \
                    nodes_of(loop, cst.Continue):
                continue
            dequeue = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(x))], cst.Call(
                cst.Attribute(cst.Name(v), cst.Name("dequeue"))))], leading_lines=loop.leading_lines)
            swap[id(loop)] = [dequeue, loop.with_changes(leading_lines=())]
            swap[id(d)] = [named] if named is not None else None
    if not swap:
        return module

    class _T(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if id(original) in swap and isinstance(original, cst.BaseStatement):
                new = swap[id(original)]
                if new is None:
                    return cst.RemoveFromParent()
                if isinstance(original, cst.For):
                    loop = new[1].with_changes(body=updated.body)
                    return cst.FlattenSentinel([new[0], loop])
                return new[0]
            return updated

    return module.visit(_T())


def _calls_only(module: cst.Module, name: str, counts: dict[str, int]) -> int:
    """How many times ``name`` is called, where the module uses it only so (by ``name(...)``) besides its ``def``;
    0 otherwise (passed as a value, rebound, named in a string)."""
    calls = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Name) and c.func.value == name]
    if counts.get(name) != len(calls) + 1 or f'"{name}"' in code_of(module) or f"'{name}'" in code_of(module):
        return 0
    return len(calls)


def _inline_one_call(module: cst.Module) -> cst.Module:
    """``module`` with one call of a prefetch helper inlined (the helper dropped with its last call); the same
    module object where no call can be."""
    from tfdata_bridge._src.migrate.builder_inline import _Substitute
    from tfdata_bridge._src.migrate.calls import fresh_name, names_in
    from tfdata_bridge._src.migrate.inline_sources import _bound_args

    top = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
    counts = name_counts(module)
    module_names = {n for s in module.body for n in _top_names(s)}
    taken = set(counts)
    for name, helper in top.items():
        qname = _returned_queue(helper)
        ncalls = _calls_only(module, name, counts) if qname is not None else 0
        if not ncalls or not _inlinable(helper):
            continue
        callers = [f for f in module_functions(module) if f is not helper and name in name_counts(f)]
        found = caller = None
        for c in callers:
            found = _plan(c, name, qname, module_names)
            if found is None:  # (read in batches where it is made: ``many_dequeues.py``; or once, by ``dequeue()``)
                found = _many_plan(c, name) or _one_plan(c, name)
            if found is not None:
                caller = c
                break
        if found is None:
            continue
        last_call = ncalls == 1
        call_stmt, deq_stmt, x, named = found
        assign = _one_assign(call_stmt)
        v = _name_target(assign)
        bound = _bound_args(helper, assign.value)
        if bound is None:
            continue
        resolved = _resolved(helper, _known_flags(helper, assign.value))
        body = list(resolved.body.body)
        body = body[1:] if body and is_docstring(body[0]) else body
        assigned = _assigned_names(resolved)
        own = assigned | set(bound)
        caller_names = _assigned_names(caller) | {p.name.value for p in caller.params.params}
        if (names_in(cst.Module(body)) - own) & caller_names:
            continue  # (a module name the helper reads is bound in the caller: it would read the caller's)
        renames: dict[str, object] = {}
        first: list[cst.BaseStatement] = []
        # a reader made for this call alone: made where the helper first reads it (after the queue's ``if``, so
        # each branch of a split gets its own, as each ran the one reader: ``tail_split.py``)
        passed = _passed_reader(helper, assign.value, caller)
        reader_at: tuple[str, cst.BaseExpression, cst.CSTNode | None] | None = None
        if passed is not None and passed[0].name.value in bound and passed[0].name.value not in assigned:
            param, made, _ = passed
            value = made if isinstance(made, cst.Call) else made.body[0].value
            reader_at = (fresh_name(param.name.value, taken), value, None if isinstance(made, cst.Call) else made)
            renames[param.name.value] = reader_at[0]
            bound = {k: b for k, b in bound.items() if k != param.name.value}
        for p, value in bound.items():
            if p not in assigned and (isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or
                                      isinstance(value, cst.Name) and value.value not in own - {p}):
                renames[p] = value
            else:
                fresh = fresh_name(p, taken)
                renames[p] = fresh
                first.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(fresh))], value)]))
        for local in sorted(assigned - set(bound) - {"_"}):
            renames[local] = v if local == qname else fresh_name(local, taken)
        visitor = _Substitute(renames)
        stmts = [*first, *(s.visit(visitor) for s in body[:-1])]
        if reader_at is not None:
            fresh, value, made_stmt = reader_at
            at = next(i for i, s in enumerate(stmts) if fresh in name_counts(s))
            stmts.insert(at, cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(fresh))], value)]))
        stmts[0] = stmts[0].with_changes(leading_lines=call_stmt.leading_lines)
        if deq_stmt is not None:  # (a batched dequeue stays where it is, after the helper's statements)
            stmts.append(deq_stmt.with_changes(leading_lines=()) if named is None else cst.SimpleStatementLine(
                [cst.Assign([cst.AssignTarget(cst.Name(x))], cst.Call(cst.Attribute(cst.Name(v),
                                                                                   cst.Name("dequeue"))))]))

        class _T(cst.CSTTransformer):
            def leave_SimpleStatementLine(self, original, updated):
                if original is call_stmt:
                    return cst.FlattenSentinel(stmts)
                if original is deq_stmt and named is not None:
                    return named
                gone = original is deq_stmt or reader_at is not None and original is reader_at[2]
                return cst.RemoveFromParent() if gone else updated

            def leave_FunctionDef(self, original, updated):
                return cst.RemoveFromParent() if original is helper and last_call else updated

        # (a flag not known when migrating leaves the queue's ``if`` at the call: the statements after it are
        # copied into both branches, each then a straight pipeline, the reader made before it made in each:
        # ``tail_split.py``)
        from tfdata_bridge._src.migrate.tail_split import split_choices

        # (a batched dequeue of the queue, now where it is made, written as the batch it is: ``many_dequeues.py``)
        from tfdata_bridge._src.migrate.many_dequeues import batch_many_dequeues

        out = module.visit(_T())
        return split_choices(batch_many_dequeues(out) if deq_stmt is None else out, push=True)[0]
    return module


def _inlinable(fn: cst.FunctionDef) -> bool:
    """No nested function, class or lambda, no ``global`` / ``nonlocal`` / ``yield``, one ``return`` (the last)."""
    bad = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Global, cst.Nonlocal, cst.Yield, cst.Await)
    found: list[cst.CSTNode] = []

    class _V(Visitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if node is not fn and isinstance(node, bad) or isinstance(node, cst.Return):
                found.append(node)
            return True

    fn.visit(_V())
    if fn.decorators or fn.asynchronous or fn.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or \
            fn.params.star_kwarg is not None or fn.params.kwonly_params or fn.params.posonly_params:
        return False
    return len(found) == 1 and isinstance(found[0], cst.Return)


def _assigned_names(fn: cst.FunctionDef) -> set[str]:
    """The names ``fn``'s body binds: assignments (augmented, annotated), ``for`` and comprehension targets,
    ``with ... as`` and ``except ... as``."""
    out: set[str] = set()

    def add(target: cst.BaseExpression) -> None:
        out.update(n.value for n in _target_nodes(target))

    class _V(Visitor):
        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            add(n.target)

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            add(n.target)

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            add(n.target)

        def visit_For(self, n: cst.For) -> None:
            add(n.target)

        def visit_CompFor(self, n: cst.CompFor) -> None:
            add(n.target)

        def visit_AsName(self, n: cst.AsName) -> None:
            add(n.name)

        def visit_NamedExpr(self, n: cst.NamedExpr) -> None:
            add(n.target)

    fn.body.visit(_V())
    return out


def _target_nodes(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_nodes(e.value)]
    if isinstance(target, cst.StarredElement):
        return _target_nodes(target.value)
    return []  # (an attribute or a subscript binds no name)


def handed_copies_reason(finder, body: list[cst.BaseStatement], index: int, call: cst.Call) -> str | None:
    """Why a join is left whose list is filled by a loop over a parameter of its function (im2txt's
    ``batch_with_dynamic_pad(images_and_captions, ...)``: the model makes the preprocessing copies and hands the
    list over); None for any other join. The generic reasons (a list of reads, of pipelines) would send the user
    looking for a form that is not the obstacle."""
    lists = call.args[0].value if call.args and call.args[0].keyword is None else None
    scope = finder.scopes.scope(body[index])
    fn = getattr(scope, "node", None)
    if not isinstance(lists, cst.Name) or not isinstance(fn, cst.FunctionDef):
        return None
    params = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]}
    for stmt in body[:index]:
        if not (isinstance(stmt, cst.For) and isinstance(stmt.iter, cst.Name) and stmt.iter.value in params
                and isinstance(stmt.body, cst.IndentedBlock) and stmt.body.body):
            continue
        last = stmt.body.body[-1]
        small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
        appended = small.value if isinstance(small, cst.Expr) else None
        if isinstance(appended, cst.Call) and isinstance(appended.func, cst.Attribute) \
                and appended.func.attr.value == "append" and isinstance(appended.func.value, cst.Name) \
                and appended.func.value.value == lists.value and appended.args \
                and not isinstance(appended.args[0].value, cst.Call):  # (a call may make a whole pipeline)
            return (f"`{lists.value}` is filled by a loop over `{stmt.iter.value}`, a parameter of "
                    f"`{fn.name.value}`: the copies it joins are made by its callers (a model's preprocessing "
                    f"copies handed to a batch helper), which the rewrite does not follow yet; keep the queue "
                    f"(`migrate --to compat`), or make the copies, their per-element code and the join in one "
                    f"function")
    return None
