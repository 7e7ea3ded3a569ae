"""A prefetch queue of whole batches dequeued once per tower (cifar10_multi_gpu_train's layout):

    images, labels = cifar10_input.inputs(...)           # batches, from a function of the tree (rewritten to
    batch_queue = prefetch_queue([images, labels], 4)     # tf.data there); a prefetch helper (passthrough.py)
    for i in range(NUM_GPUS):
        with tf.device('/gpu:%d' % i):
            image_batch, label_batch = batch_queue.dequeue()    # each tower takes the next batch

Each tower's dequeue takes the next batch (the towers compete for them), so the queue's input tensors cannot
stand for it (every tower would get the same batch in a step). Several ``get_next()`` ops of ONE iterator do
what the dequeues did: each run of each takes the next element. So, where the batch tensors come from a function
whose (rewritten) code makes them by ``make_one_shot_iterator(dataset).get_next()`` and then only computes the
returned tensors from them (and summaries), that function gets a copy that returns the dataset instead (the
returned tensors become a ``map``; the summaries of the batch, which only a summary writer reads, are dropped
and said), and the caller makes one iterator of it, prefetched by the queue's capacity, whose ``get_next()``
is each dequeue:

    batch_queue = tf.data.make_one_shot_iterator(cifar10_input.inputs_dataset(...).prefetch(4))
    ...     image_batch, label_batch = batch_queue.get_next()

The prefetch helper goes where nothing calls it any more, and the caller's queue-runner plumbing with it. A
pass over the rewritten tree (``tree.py``), run where a dequeue was left for running in a loop; anything not
of this form keeps that refusal.
"""

from __future__ import annotations

import re
from dataclasses import replace

import libcst as cst
from libcst.metadata import QualifiedNameProvider, QualifiedNameSource, ScopeProvider

from tfdata_bridge._src.migrate.calls import absolute_name, dotted, names_in, nodes_of, parsed, v1_prefix, wrapped
from tfdata_bridge._src.migrate.results import Note
from tfdata_bridge._src.migrate.calls import code_of
from tfdata_bridge._src.migrate.walk import Visitor

_LEFT = "runs in a loop or a nested function (one per tower, say)"
_TWICE = "(each dequeue takes other elements)"  # (several dequeues in straight code: the same competition)
# (the queue handed, with a function of the caller dequeuing it, to a call building towers: ``queue_callers.py``)
_HANDED = "which the rewrite does not follow: each dequeue made where it goes"


class _No(Exception):
    """Not this form: the pass leaves the module as it is (its refusal stands)."""


def tower_queues(modules, texts, results, names) -> None:
    for path in modules:
        if not any(n.kind == "refused" and (_LEFT in n.message or _TWICE in n.message or _HANDED in n.message)
                   for n in results[path].notes):
            continue
        try:
            _towers(path, modules, texts, results, names)
        except (_No, cst.ParserSyntaxError):
            continue


def _value(found):
    """A metadata value (libcst may give it lazily)."""
    return found() if callable(found) else found


def _functions(module: cst.Module) -> dict[str, cst.FunctionDef]:
    return {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}


def _resolve(path, module, func, names, results) -> tuple[str, cst.FunctionDef]:
    """(the path of the module defining the function ``func`` names, the function as rewritten there)."""
    if isinstance(func, cst.Name) and func.value in _functions(module):
        return path, _functions(module)[func.value]
    qs = _value(wrapped(module).resolve(QualifiedNameProvider).get(func, set()))
    for q in qs:
        if q.source is not QualifiedNameSource.IMPORT:
            continue
        mod, _, fn = absolute_name(q.name, names[path].package).rpartition(".")
        home = next((p for p in names if names[p].name == mod), None)
        if home is not None:
            found = _functions(parsed(results[home].code)).get(fn)
            if found is not None:
                return home, found
    raise _No


def _single(stmt: cst.CSTNode):
    return stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None


def _towers(path, modules, texts, results, names) -> None:
    from tfdata_bridge._src.migrate.passthrough import passes
    from tfdata_bridge._src.migrate.passthrough_pass import returned_queue
    from tfdata_bridge._src.migrate.plumbing import remove_plumbing
    from tfdata_bridge._src.migrate.to_tfdata import survey

    mod = parsed(results[path].code)
    scopes = wrapped(mod).resolve(ScopeProvider)
    for fn in nodes_of(mod, cst.FunctionDef):
        flat = nodes_of(fn, cst.SimpleStatementLine)
        for q_stmt in flat:
            small = _single(q_stmt)
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                    small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call)
                    and ".dequeue()" in results[path].code):  # (the queue's, or a tower function's parameter's)
                continue
            try:
                p_home, helper = _resolve(path, mod, small.value.func, names, results)
            except _No:
                continue
            original = _functions(modules[p_home]).get(helper.name.value)
            plan = returned_queue(survey(modules[p_home])[2], original) if original is not None else None
            if plan is None or any(passes(small.value, original, p) for p in plan.unpassed):
                continue
            _rewrite(path, mod, scopes, fn, flat, q_stmt, small, original, p_home, modules, texts, results, names,
                     remove_plumbing)
            return
    raise _No


def _read_once(mod, fn, made, q_stmt, scope, wanted, tensors) -> None:
    """The names ``made`` binds are read, while that binding holds, only by the queue's tensors list (in source
    order: ``made`` and the queue's statement in one block, in no loop; the names may be bound again after it,
    by the towers' own dequeues, say)."""
    from libcst.metadata import ParentNodeProvider, PositionProvider

    parents = wrapped(mod).resolve(ParentNodeProvider)
    if _value(parents.get(made)) is not _value(parents.get(q_stmt)):
        raise _No
    node = _value(parents.get(made))
    while node is not None and node is not fn:
        if isinstance(node, (cst.For, cst.While)):
            raise _No
        node = _value(parents.get(node))
    pos = wrapped(mod).resolve(PositionProvider)

    def at(n) -> tuple[int, int]:
        p = _value(pos.get(n))
        return (p.start.line, p.start.column)

    end = _value(pos.get(made)).end
    start, used = (end.line, end.column), at(q_stmt)
    elements = {id(e.value) for e in tensors.elements}
    for name in wanted:
        until = min([at(a.node) for a in scope.assignments[name] if at(a.node) > start] or [(10 ** 9, 0)])
        if until <= used:
            raise _No
        for access in scope.accesses[name]:
            where = at(access.node)
            if start < where < until and id(access.node) not in elements:
                raise _No


def _param_arg(call: cst.Call, fn: cst.FunctionDef, param: str) -> cst.BaseExpression | None:
    positional = [p.name.value for p in fn.params.params]
    for i, a in enumerate(call.args):
        if a.star:
            raise _No
        if a.keyword is not None and a.keyword.value == param or a.keyword is None and i < len(positional) \
                and positional[i] == param:
            return a.value
    p = next((p for p in fn.params.params if p.name.value == param), None)
    return p.default if p is not None else None


def _rewrite(path, mod, scopes, fn, flat, q_stmt, small, helper, p_home, modules, texts, results, names,
             remove_plumbing) -> None:
    q = small.targets[0].target.value
    # what the helper enqueues: one of its parameters; and its capacity
    enq = [c for c in nodes_of(helper, cst.Call) if isinstance(c.func, cst.Attribute) and c.func.attr.value == "enqueue"
           and len(c.args) == 1 and isinstance(c.args[0].value, cst.Name)]
    params = [p.name.value for p in helper.params.params]
    if len(enq) != 1 or enq[0].args[0].value.value not in params:
        raise _No
    tensors = _param_arg(small.value, helper, enq[0].args[0].value.value)
    capacity = _param_arg(small.value, helper, "capacity")
    if not isinstance(tensors, (cst.List, cst.Tuple)) or not tensors.elements or \
            not all(isinstance(e.value, cst.Name) and isinstance(e, cst.Element) for e in tensors.elements):
        raise _No
    wanted = [e.value.value for e in tensors.elements]
    # the tensors: every target of one ``a, b = f(...)`` before, in the same order, read only here
    made = None
    for s in flat[:flat.index(q_stmt)]:
        a = _single(s)
        if isinstance(a, cst.Assign) and len(a.targets) == 1 and isinstance(a.targets[0].target, (cst.Tuple, cst.List)) \
                and [e.value.value if isinstance(e.value, cst.Name) else None
                     for e in a.targets[0].target.elements] == wanted and isinstance(a.value, cst.Call):
            made = s
    scope = _value(scopes.get(small.targets[0].target))
    if made is None or scope is None:
        raise _No
    _read_once(mod, fn, made, q_stmt, scope, wanted, tensors)
    between = flat[flat.index(made) + 1:flat.index(q_stmt)]
    read = names_in(made.body[0].value) | (names_in(capacity) if capacity is not None else set())
    if any({n.value for t in b.targets for n in nodes_of(t.target, cst.Name)} & read
           for s in between for b in s.body if isinstance(b, cst.Assign)):
        raise _No  # (the iterator is made where the batches were: what it reads must mean the same there)
    # the queue's uses: ``q.dequeue()`` only, wherever in the function (a loop, a comprehension, a nested
    # function: each makes one op, which takes the next element as a get_next does); ``q`` bound nowhere else
    dequeues = []
    handed = _handed(fn, flat, q)
    inside = {id(n) for n in nodes_of(handed[1], cst.Name)} if handed is not None else set()
    skip = {id(small.targets[0].target), *inside, *([id(handed[2])] if handed is not None else [])}
    dequeues.extend(_dequeues_of(fn, q, flat, skip))
    if handed is not None:
        dequeues += _param_dequeues(handed[1])
    if not dequeues:
        raise _No
    f_call = made.body[0].value
    own = _own_dataset(made)
    if own is not None:  # (the batches made here, by the caller's own iterator: the dataset it reads)
        f_home, f_fn, copies, dropped_summaries, new_name, source = path, None, [], "", own.value, own
    else:  # the function making the batches, and its chain to the get_next
        f_home, f_fn = _resolve(path, mod, f_call.func, names, results)
        f_mod = parsed(results[f_home].code)
        copies, dropped_summaries, new_name = _dataset_chain(f_mod, f_fn)
        new_func = f_call.func.with_changes(attr=cst.Name(new_name)) if isinstance(f_call.func, cst.Attribute) \
            else cst.Name(new_name)
        source = f_call.with_changes(func=new_func)
    # the caller
    v1 = v1_prefix(mod) or "tf"  # (``import tensorflow.compat.v1 as tf`` added below where there is none)
    if capacity is not None:
        source = cst.Call(cst.Attribute(source, cst.Name("prefetch")), [cst.Arg(capacity)])
    iterator = cst.parse_expression(f"{v1}.data.make_one_shot_iterator(\n    "  # (libcst indents it as the block)
                                    f"{cst.Module([]).code_for_node(source)})")
    said = (f"the prefetch queue of batches `{q}` (`{helper.name.value}`) rewritten to tf.data: one iterator over "
            f"`{new_name}` ({f'`{f_fn.name.value}`' if f_fn is not None else 'this function'}'s batches as a dataset), "
            f"prefetched by the queue's capacity; each `{q}.dequeue()` is its `get_next()`, which takes the next batch "
            "as each tower's dequeue did (the towers compete for the batches)")
    if handed is not None:
        said += (f"; `{handed[1].name.value}`, handed the queue with it by `{dotted(handed[0].func)}(...)`, dequeues "
                 f"its parameter `{handed[1].params.params[0].name.value}`: that dequeue is a `get_next()` too")
    comment = [cst.EmptyLine(comment=cst.Comment("# " + line)) for line in _wrap("tfdata-bridge migrate: " + said)]
    new_q = q_stmt.with_changes(body=[small.with_changes(value=iterator)],
                                leading_lines=[*made.leading_lines, *comment])
    swaps = {made: None, q_stmt: new_q}
    calls: dict[cst.SimpleStatementLine, dict[int, cst.BaseExpression]] = {}
    for holder, call in dequeues:
        target = _single(holder)
        value = cst.Call(cst.Attribute(call.func.value, cst.Name("get_next")))
        if not (isinstance(target, cst.Assign) and target.value is call
                and isinstance(target.targets[0].target, (cst.Tuple, cst.List))):
            value = cst.Call(cst.Name("list"), [cst.Arg(value)])  # (``dequeue()`` gave a list)
        calls.setdefault(holder, {})[id(call)] = value
    for holder, new in calls.items():
        swaps[holder] = holder.visit(_Replace(new))
    new_mod = mod.visit(_Statements(swaps))
    if v1_prefix(mod) is None:  # (the caller named no TensorFlow: ``tf`` must be free to import it)
        if any(n.value == "tf" for n in nodes_of(mod, cst.Name)):
            raise _No
        from libcst.codemod import CodemodContext
        from libcst.codemod.visitors import AddImportsVisitor

        context = CodemodContext()
        AddImportsVisitor.add_needed_import(context, "tensorflow.compat.v1", asname="tf")
        new_mod = AddImportsVisitor(context).transform_module(new_mod)
    # the batches' module: the dataset copies beside the originals
    f_new = _with_copies(f_mod, copies) if f_home != path else None
    if f_home == path:
        new_mod = _with_copies(new_mod, copies)
    # the prefetch helper, called nowhere now, goes (with the import of it); so do the originals of the copies
    others = {p: (new_mod.code if p == path else f_new.code if p == f_home and f_new is not None else results[p].code)
              for p in modules}
    gone = []
    for name, _ in copies:  # (in the chain's order: a helper of the first is free once it goes)
        if not any(_calls(c, name) for c in others.values()):
            gone.append(name)
            if f_home == path:
                new_mod = _without_function(new_mod, name)
            else:
                f_new = _without_function(f_new, name)
            others[f_home] = (new_mod if f_home == path else f_new).code
    h = helper.name.value
    if not any(_calls(c, h) for c in others.values()):
        if p_home == path:
            new_mod = _without_function(new_mod, h)
        elif p_home == f_home:  # (beside the batches' function: one module's code)
            f_new = _without_function(f_new, h)
            new_mod = _without_import(new_mod, h)
        else:
            before = parsed(others[p_home])
            h_mod = _without_function(before, h)
            # (the imports only the helper read go with it: ``from ...ops import data_flow_ops``)
            from tfdata_bridge._src.migrate.plumbing import _without_unused_imports

            gone_fn = _functions(before).get(h)
            h_mod = _without_unused_imports(h_mod, names_in(gone_fn) if gone_fn is not None else set(), before)
            others[p_home] = h_mod.code
            first, last = _span(modules[p_home], h)  # the helper's own notes (its queue left) go with it
            keep = [n for n in results[p_home].notes if not (n.kind == "refused" and first <= n.line <= last)]
            results[p_home] = replace(results[p_home], code=h_mod.code, notes=tuple(keep + [Note(
                first, f"prefetch helper `{h}` removed: its callers read a dataset's iterator now", kind="info")]))
            new_mod = _without_import(new_mod, h)
    notes = [n for n in results[path].notes if not (n.kind == "refused" and (
        _LEFT in n.message or _TWICE in n.message or _HANDED in n.message or f"`{h}`" in n.message))]
    notes.append(Note(_line_of(texts[path], q_stmt, mod), said, kind="info"))
    if f_home == path and dropped_summaries:
        notes.append(Note(_line(modules[path], f_fn.name.value), f"`{new_name}` made of `{f_fn.name.value}`: its "
                          "batches as a dataset" + dropped_summaries, kind="info"))
    again, more = remove_plumbing(new_mod)
    if more and not any("left" in m.message.split(":")[0] for m in more):
        from tfdata_bridge._src.migrate.hoist import line_map
        from tfdata_bridge._src.migrate.plumbing import given_back

        more = given_back(more, line_map(texts[path], new_mod.code))  # (the lines its message names)
        new_mod = again
        notes = [n for n in notes if "plumbing" not in n.message] + [
            replace(m, line=_line_of(texts[path], q_stmt, mod)) for m in more]
    results[path] = replace(results[path], code=new_mod.code, notes=tuple(sorted(notes, key=lambda n: n.line)))
    if f_new is not None:
        extra = [Note(_line(modules[f_home], f_fn.name.value), f"`{new_name}` made of `{f_fn.name.value}`"
                      + (" (which nothing calls now, and goes)" if f_fn.name.value in gone else "")
                      + ": its batches as a dataset, for the towers' iterator of another module" + dropped_summaries,
                      kind="info")]
        kept = list(results[f_home].notes)
        if p_home == f_home and f"def {h}(" not in f_new.code:  # (the helper went from this module)
            first, last = _span(modules[p_home], h)
            kept = [n for n in kept if not (n.kind == "refused" and first <= n.line <= last)]
            extra.append(Note(first, f"prefetch helper `{h}` removed: its callers read a dataset's iterator now",
                              kind="info"))
        results[f_home] = replace(results[f_home], code=f_new.code, notes=tuple(sorted(
            [*kept, *extra], key=lambda n: n.line)))


def _own_dataset(made: cst.SimpleStatementLine) -> cst.Name | None:
    """``d`` where ``made`` is ``a, b = tf.data.make_one_shot_iterator(d).get_next()`` (the caller's own batches,
    ``d`` a name); None else."""
    v = _single(made).value
    if isinstance(v, cst.Call) and not v.args and isinstance(v.func, cst.Attribute) and \
            v.func.attr.value == "get_next" and isinstance(v.func.value, cst.Call) and \
            dotted(v.func.value.func).endswith("data.make_one_shot_iterator") and len(v.func.value.args) == 1 and \
            isinstance(v.func.value.args[0].value, cst.Name) and not v.func.value.args[0].keyword:
        return v.func.value.args[0].value
    return None


def _handed(fn: cst.FunctionDef, flat: list[cst.SimpleStatementLine], q: str):
    """(the call, the function of ``fn``'s own body, the ``q`` handed) where ``fn`` hands ``[q]`` (or ``q``) to
    one call that is also handed a function defined in ``fn`` (slim's ``create_clones(config, clone_fn,
    [batch_queue])``), that function named nowhere else, with one parameter read only by ``.dequeue()``; None
    where ``q`` is handed to no call so."""
    own = {s.name.value: s for s in fn.body.body if isinstance(s, cst.FunctionDef)} \
        if isinstance(fn.body, cst.IndentedBlock) else {}
    for call in nodes_of(fn, cst.Call):
        given = [a.value for a in call.args if isinstance(a.value, cst.Name) and a.value.value in own]
        mine = [a.value if isinstance(a.value, cst.Name) else a.value.elements[0].value for a in call.args
                if isinstance(a.value, cst.Name) and a.value.value == q or isinstance(a.value, (cst.List, cst.Tuple))
                and len(a.value.elements) == 1 and isinstance(a.value.elements[0].value, cst.Name)
                and a.value.elements[0].value.value == q]
        if len(given) != 1 or len(mine) != 1 or any(a.star or a.keyword for a in call.args):
            continue
        g = own[given[0].value]
        if g.decorators or len(g.params.params) != 1 or g.params.params[0].default is not None or \
                isinstance(g.params.star_arg, cst.Param) or g.params.kwonly_params or g.params.star_kwarg:
            raise _No
        param = g.params.params[0].name.value
        if param != q and any(n.value == q for n in nodes_of(g, cst.Name)):
            raise _No  # (the queue read in it by its own name too)
        if sum(n.value == g.name.value for n in nodes_of(fn, cst.Name)) != 2:
            raise _No  # (its def and this call: nothing else calls it)
        _param_dequeues(g)
        return call, g, mine[0]
    return None


def _param_dequeues(g: cst.FunctionDef) -> list[tuple[cst.SimpleStatementLine, cst.Call]]:
    """Each ``p.dequeue()`` of ``g``'s one parameter ``p``, with its statement; _No where ``p`` is read or bound
    otherwise."""
    out = _dequeues_of(g.body, g.params.params[0].name.value, nodes_of(g, cst.SimpleStatementLine))
    if not out:
        raise _No
    return out


def _dequeues_of(node: cst.CSTNode, name: str, flat: list[cst.SimpleStatementLine], skip: set[int] = frozenset()
                 ) -> list[tuple[cst.SimpleStatementLine, cst.Call]]:
    """Each read of ``name`` under ``node`` (less the ``Name`` nodes whose ids are in ``skip``) as the
    ``name.dequeue()`` it must be, with the innermost statement of ``flat`` holding it; _No at any other read."""
    out = []
    for n in nodes_of(node, cst.Name):
        if n.value != name or id(n) in skip:
            continue
        holder = next((s for s in reversed(flat) if any(m is n for m in nodes_of(s, cst.Name))), None)
        call = next((c for c in nodes_of(holder, cst.Call) if isinstance(c.func, cst.Attribute)
                     and c.func.value is n), None) if holder is not None else None
        if call is None or call.func.attr.value != "dequeue" or call.args:
            raise _No
        out.append((holder, call))
    return out


def _calls(code: str, name: str) -> bool:
    """Whether ``code`` calls a function spelled ``name`` (``name(...)`` or ``x.name(...)``)."""
    if name not in code:
        return False
    return any(isinstance(c.func, cst.Name) and c.func.value == name or isinstance(c.func, cst.Attribute)
               and c.func.attr.value == name and isinstance(c.func.value, (cst.Name, cst.Attribute))
               for c in nodes_of(parsed(code), cst.Call))  # (``module.f(...)``; not ``make(...).prefetch(...)``)


def _wrap(text: str, width: int = 104) -> list[str]:
    import textwrap
    return textwrap.wrap(text, width)


def _span(module: cst.Module, fn_name: str) -> tuple[int, int]:
    """The first and last lines of the module-level function ``fn_name`` of ``module``."""
    from libcst.metadata import PositionProvider

    fn = _functions(module).get(fn_name)
    pos = _value(wrapped(module).resolve(PositionProvider).get(fn)) if fn is not None else None
    return (pos.start.line, pos.end.line) if pos is not None else (1, 0)


def _line(module: cst.Module, fn_name: str) -> int:
    for i, line in enumerate(code_of(module).splitlines(), 1):
        if re.match(rf"\s*def {fn_name}\s*\(", line):
            return i
    return 1


def _line_of(text: str, stmt: cst.SimpleStatementLine, mod: cst.Module) -> int:
    code = mod.code_for_node(stmt.with_changes(leading_lines=[])).strip()
    for i, line in enumerate(text.splitlines(), 1):
        if line.strip() == code.splitlines()[0].strip():
            return i
    return 1


def _dataset_chain(module: cst.Module, fn: cst.FunctionDef) -> tuple[list[tuple[str, cst.FunctionDef]], str, str]:
    """Copies, ``<name>_dataset``, of ``fn`` and of the functions of ``module`` its ``return g(...)`` goes
    through, the last making the returned tensors of one ``make_one_shot_iterator(d).get_next()`` per branch:
    returning the dataset, mapped by what the tensors returned are. (copies, what is said of dropped summaries,
    the new name of ``fn``)."""
    functions = _functions(module)
    chain = [fn]
    while True:
        last = chain[-1]
        ret = _single(last.body.body[-1]) if last.body.body else None
        if _get_nexts(last):
            break
        if not (isinstance(ret, cst.Return) and isinstance(ret.value, cst.Call) and isinstance(ret.value.func, cst.Name)
                and ret.value.func.value in functions) or len(chain) > 4:
            raise _No
        chain.append(functions[ret.value.func.value])
    taken = set(functions)
    renamed = {}
    for f in chain:
        new = f"{f.name.value.lstrip('_')}_dataset"
        new = ("_" + new) if f.name.value.startswith("_") else new
        if new in taken:
            raise _No
        renamed[f.name.value] = new
    copies = []
    for f in chain[:-1]:
        ret = f.body.body[-1]
        value = ret.body[0].value
        new_ret = ret.with_changes(body=[ret.body[0].with_changes(value=value.with_changes(
            func=cst.Name(renamed[value.func.value])))])
        if [r for r in _returns(f) if r is not ret]:
            raise _No
        copies.append((f.name.value, f.with_changes(name=cst.Name(renamed[f.name.value]),
                                                    body=f.body.with_changes(body=[*f.body.body[:-1], new_ret]))))
    tail, said = _tail(chain[-1])
    copies.append((chain[-1].name.value, tail.with_changes(name=cst.Name(renamed[chain[-1].name.value]))))
    return copies, said, renamed[fn.name.value]


def _returns(fn: cst.FunctionDef) -> list[cst.SimpleStatementLine]:
    """The ``return`` statements of ``fn`` itself (not of the functions defined in it: a map function)."""
    out: list[cst.SimpleStatementLine] = []

    class _V(Visitor):
        def visit_FunctionDef(self, node) -> bool:
            return node is fn

        def visit_SimpleStatementLine(self, node) -> None:
            if isinstance(_single(node), cst.Return):
                out.append(node)

    fn.visit(_V())
    return out


def _get_nexts(fn: cst.FunctionDef) -> list[cst.SimpleStatementLine]:
    out = []
    for s in nodes_of(fn, cst.SimpleStatementLine):
        a = _single(s)
        v = a.value if isinstance(a, cst.Assign) else None
        if isinstance(v, cst.Call) and not v.args and isinstance(v.func, cst.Attribute) and \
                v.func.attr.value == "get_next" and isinstance(v.func.value, cst.Call) and \
                dotted(v.func.value.func).endswith("data.make_one_shot_iterator") and len(v.func.value.args) == 1:
            out.append(s)
    return out


def _tail(fn: cst.FunctionDef) -> tuple[cst.FunctionDef, str]:
    """``fn`` returning the dataset: each ``a, b = make_one_shot_iterator(d).get_next()`` (one per branch, the
    same targets) becomes ``batches = d``; after them only summaries (dropped) and the final ``return R``,
    which becomes ``return batches.map(lambda a, b: R)``."""
    gets = _get_nexts(fn)
    targets = {cst.Module([]).code_for_node(_single(s).targets[0].target) for s in gets}
    if len(targets) != 1:
        raise _No
    target = _single(gets[0]).targets[0].target
    if not isinstance(target, (cst.Tuple, cst.List, cst.Name)):
        raise _No
    params = [target.value] if isinstance(target, cst.Name) else [
        e.value.value if isinstance(e.value, cst.Name) else None for e in target.elements]
    if None in params:
        raise _No
    body = list(fn.body.body)
    ret = body[-1]
    if not isinstance(_single(ret), cst.Return) or _single(ret).value is None or len(_returns(fn)) != 1:
        raise _No
    # the statements after the last top-level statement holding a get_next: summaries only
    last = max(i for i, s in enumerate(body) if any(g is s or any(g is n for n in nodes_of(s, cst.SimpleStatementLine))
                                                    for g in gets))
    dropped = 0
    for s in body[last + 1:-1]:
        a = _single(s)
        if not (isinstance(a, cst.Expr) and isinstance(a.value, cst.Call) and ".summary." in f".{dotted(a.value.func)}"):
            raise _No
        dropped += 1
    # each get_next the last of its block, its tensors read by nothing but the return (and the summaries)
    from libcst.metadata import ParentNodeProvider

    parents = wrapped(cst.Module([fn])).resolve(ParentNodeProvider)
    for g in gets:
        block = _value(parents.get(g))
        if block is None or block is not fn.body and block.body[-1] is not g:
            raise _No  # (in a branch: nothing after it there; in the body: the summaries and return, above)
    kept = {id(n) for s in [*gets, *body[last + 1:]] for n in nodes_of(s, cst.Name)}
    if any(n.value in params and id(n) not in kept for n in nodes_of(fn, cst.Name)):
        raise _No
    taken = {n.value for n in nodes_of(fn, cst.Name)}
    var = next(n for n in ("batches", "batched_dataset", "tower_batches") if n not in taken)
    gone = {id(s) for s in gets}

    class _T(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            if id(original) in gone:
                value = _single(original).value.func.value.args[0].value
                return updated.with_changes(body=[cst.Assign([cst.AssignTarget(cst.Name(var))], value)])
            return updated

    value = _single(ret).value
    lam = cst.Lambda(cst.Parameters([cst.Param(cst.Name(p)) for p in params]),
                     value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
                     if isinstance(value, cst.Tuple) and not value.lpar else value)
    new_ret = ret.with_changes(body=[cst.Return(cst.Call(cst.Attribute(cst.Name(var), cst.Name("map")),
                                                         [cst.Arg(lam)]))])
    new_body = [*body[:last + 1], new_ret]
    out = fn.with_changes(body=fn.body.with_changes(body=new_body)).visit(_T())
    said = (f"; its {dropped} summar{'y' if dropped == 1 else 'ies'} of the batch dropped there (a summary op in a "
            "dataset's map would never be written)") if dropped else ""
    return out, said


class _Replace(cst.CSTTransformer):
    def __init__(self, new: dict[int, cst.BaseExpression]) -> None:
        super().__init__()
        self.new = new  # id of a call -> what replaces it

    def leave_Call(self, original, updated):
        return self.new.get(id(original), updated)


class _Statements(cst.CSTTransformer):
    def __init__(self, swaps) -> None:
        super().__init__()
        self.swaps = swaps

    def leave_SimpleStatementLine(self, original, updated):
        if original in self.swaps:
            new = self.swaps[original]
            return cst.RemovalSentinel.REMOVE if new is None else new
        return updated


def _with_copies(module: cst.Module, copies: list[tuple[str, cst.FunctionDef]]) -> cst.Module:
    """``module`` with each copy right after its original (``foo_dataset`` after ``foo``)."""
    by = dict(copies)
    body = []
    for s in module.body:
        body.append(s)
        if isinstance(s, cst.FunctionDef) and s.name.value in by:
            body.append(by[s.name.value].with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()]))
    return module.with_changes(body=body)


def _without_function(module: cst.Module, name: str) -> cst.Module:
    return module.with_changes(body=[s for s in module.body if not (isinstance(s, cst.FunctionDef)
                                                                     and s.name.value == name)])


def _without_import(module: cst.Module, name: str) -> cst.Module:
    class _T(cst.CSTTransformer):
        def leave_ImportFrom(self, original, updated):
            if isinstance(updated.names, cst.ImportStar):
                return updated
            kept = [a for a in updated.names if a.evaluated_name != name]
            if len(kept) == len(updated.names):
                return updated
            if not kept:
                return cst.RemovalSentinel.REMOVE
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated.with_changes(names=kept)

    out = module.visit(_T())
    # (a statement emptied of its import goes whole)
    return out.with_changes(body=[s for s in out.body if not (isinstance(s, cst.SimpleStatementLine)
                                                               and not s.body)])
