"""A file-queue helper of another module of the tree (``queue_helpers.py`` for one of the same module):

    # ingest_lib/sources.py                            # the caller
    def file_queue(data_dir, pattern, num_epochs=1):   from ingest_lib import sources
        return tf.train.string_input_producer(         queue = sources.file_queue(data_dir, "a-*", num_epochs=1)
            list_files(data_dir, pattern),
            num_epochs=num_epochs, shuffle=False)

The producer's arguments are read as the call gives them: each parameter by the call's argument, a default by
its value (evaluated in the helper's module), and each name of the helper's own module (``list_files``, a
default's ``DEFAULT_EPOCHS``) through the module the call already names (``sources.list_files``), as
``module_names.py`` does for a reader helper's arguments. A helper imported by name whose producer reads such a
name is refused, with the fix. The helper stays in its module; once no module of the tree names it any more it
goes (``drop_unused``), so its module builds no queue that would keep the callers' runner plumbing; so does a
k-reader queue helper of another module (``prefetch_helper.py``) once each of its calls is rewritten.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, nodes_of


def foreign_file_queue(finder, at: cst.CSTNode, call: cst.Call, producer_of, only_return
                       ) -> tuple[dict[str, cst.BaseExpression], list[cst.CSTNode]] | None:
    """(the producer's bound arguments as the call site evaluates them, []) when ``call`` calls a file-queue
    helper of another module; None when it calls no such function; ``Refusal`` when it cannot be followed."""
    from tfdata_bridge._src.migrate.helpers import _bind_call, _resolve
    from tfdata_bridge._src.migrate.module_names import through_module

    if finder.external is None or not isinstance(call.func, (cst.Name, cst.Attribute)):
        return None
    found = finder.external(call.func)  # (the tree's reason, where it banned the helper)
    if found is None:
        return None
    fn, home = found
    returned = producer_of(home, only_return(fn))
    if returned is None:
        return None
    name = fn.name.value
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"the file-queue helper `{name}` of another module is decorated or async")
    bound = _bind_call(fn, call)
    params = [p.name.value for p in fn.params.params]
    module_ref = cst.Module([]).code_for_node(call.func.value) if isinstance(call.func, cst.Attribute) else None
    if module_ref is not None and module_ref.split(".", 1)[0] in params:
        raise Refusal(f"the file-queue helper `{name}` has a parameter named `{module_ref.split('.', 1)[0]}`, as "
                      "the module it is called through")
    here = (finder.scopes, at)
    given = _given(fn, call)
    defaults = {p: bound[p] for p in params if p not in given}
    try:
        # the helper's own names in its frame first, then its parameters by what the call gives them
        own = through_module(bind(returned, "train.string_input_producer"), set(params), home.scopes, fn,
                             module_ref, here)
        bound.update(through_module(defaults, set(), home.scopes, fn, module_ref, here))
    except Refusal as exc:
        raise Refusal(str(exc).replace("the reader's", "the file queue's", 1)) from None
    return {k: _resolve(v, bound, {}, name) for k, v in own.items()}, []


def _given(fn: cst.FunctionDef, call: cst.Call) -> set[str]:
    names = [p.name.value for p in fn.params.params]
    given = {names[i] for i, a in enumerate(call.args) if a.keyword is None and i < len(names)}
    return given | {a.keyword.value for a in call.args if a.keyword is not None}


def _is_file_queue_helper(fn: cst.FunctionDef, is_producer) -> bool:
    """One ``return`` of a ``string_input_producer`` call (a docstring before it; locals before it, ``_only_return``), undecorated."""
    from tfdata_bridge._src.migrate.queue_helpers import _only_return, written_call

    value = _only_return(fn)
    return not fn.decorators and isinstance(value, cst.Call) and is_producer(written_call(value))


def drop_unused(originals: dict[str, cst.Module], results: dict, texts: dict[str, str], near, names) -> None:
    """The file-queue helpers (module functions) of the tree that the originals of the modules near theirs
    (``near(path)``: importers and imports) named and their rewrites name no more, taken from their module's
    result, with a note; ``results`` (path -> RewriteResult) is updated in place. An import of such a helper by
    name (``from pkg.sources import file_queue``) that nothing else in its module reads goes with it. The parse
    and the survey (which confirms the producer by its qualified name) run only where a mention of a helper
    went. ``names``: path -> (module name, package) of the tree's modules."""
    import re
    from dataclasses import replace

    from tfdata_bridge._src.migrate.calls import dotted
    from tfdata_bridge._src.migrate.dead_factories import names_counted
    from tfdata_bridge._src.migrate.results import Note
    from tfdata_bridge._src.migrate.queue_helpers import _only_return
    from tfdata_bridge._src.migrate.to_tfdata import survey

    for path, original in originals.items():
        if "string_input_producer" not in texts[path] and "Queue(" not in texts[path] or \
                results[path].error is not None:
            continue
        spelled = {fn.name.value: fn for fn in original.body if isinstance(fn, cst.FunctionDef) and not fn.decorators
                   and isinstance(value := _only_return(fn), cst.Call)
                   and dotted(value.func).endswith("string_input_producer")}
        stages = {fn.name.value: fn for fn in original.body if isinstance(fn, cst.FunctionDef) and not fn.decorators
                  and "Queue(" in original.code_for_node(fn) and ".dequeue(" in original.code_for_node(fn)}
        spelled.update(stages)  # queue stages (``queue_stages.py``): confirmed below, once a mention went
        if not spelled:
            continue
        near_paths = [p for p in originals if p == path or p in near(path)]

        def count(name: str, codes) -> int:
            return sum(len(re.findall(rf"\b{name}\b", c)) for c in codes)

        # (by spelling, a cheap filter: a module that mentioned it was rewritten; then by name, as
        # ``dead_factories`` counts)
        changed = [p for p in near_paths if results[p].code != texts[p]]
        gone = {n for n in spelled if count(n, [texts[p] for p in changed]) and f"def {n}(" in results[path].code}
        if not gone:
            continue
        try:
            rewritten = {p: cst.parse_module(results[p].code) for p in near_paths}
        except cst.ParserSyntaxError:
            continue
        now = names_counted(rewritten.values(), dotted_only=True)  # (``.shuffle(n)`` of a chain: no use of a ``shuffle``)
        # imports of a helper by name, which count as no use where the name they bind is read nowhere else
        by_name = {p: _imported_from(m, names[p][1], names[path][0]) for p, m in rewritten.items()}
        unread: dict[str, list] = {}
        for n in list(gone):
            aliases = [(p, a) for p, found in by_name.items() for a in found if a.evaluated_name == n]
            if any(names_counted([rewritten[p]])[a.evaluated_alias or n] > 1 + (a.evaluated_alias == n)
                   for p, a in aliases):
                gone.discard(n)  # (its bound name still read: a use)
                continue
            now[n] -= len(aliases)
            unread[n] = aliases
        before = names_counted(originals[p] for p in near_paths)
        gone = {n for n in gone if before[n] > 0 and now[n] == 0}
        if not gone:
            continue
        finder = survey(original)[2]
        readers = {n for n in gone if n in stages and _is_readers_helper(stages[n])  # (prefetch_helper.py)
                   and not _is_stage(finder, stages[n])}  # (a stage's ``return queue.dequeue()``: a stage)
        gone = {n for n in gone if _is_file_queue_helper(
            spelled[n], lambda c: finder.is_api(c, "train.string_input_producer") is not None)
            or n in stages and _is_stage(finder, stages[n]) or n in readers}
        if not gone:
            continue
        out = cst.parse_module(results[path].code)

        class _Drop(cst.CSTTransformer):
            def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
                return False

            def leave_FunctionDef(self, original_node, updated):
                name = original_node.name.value  # (a stage's FIFOQueue may be gone already: ``passthrough.py``)
                if name in gone and (original_node.deep_equals(spelled[name]) or name in stages):
                    return cst.RemovalSentinel.REMOVE
                return updated

        dropped = out.visit(_Drop())
        if dropped.code == out.code:
            continue
        lines = _lines(original, [spelled[n] for n in gone])
        kept = [n for n in results[path].notes if not any(a <= n.line <= b for a, b in lines)]
        said = ", ".join(f"`{n}`" for n in sorted(gone))
        what = "k-reader queue helper" if gone <= readers else "queue stage" if gone <= set(stages) else \
            "file-queue helper"
        note = Note(min(a for a, _ in lines), f"{what} {said} removed: every pipeline that called it is "
                                              "rewritten", kind="info")
        results[path] = replace(results[path], code=dropped.code,
                                notes=tuple(sorted([*kept, note], key=lambda n: n.line)))
        for p, aliases in _by_module([a for n in gone for a in unread.get(n, [])]).items():
            results[p] = replace(results[p], code=_without(rewritten[p], aliases).code)


def _is_readers_helper(fn: cst.FunctionDef) -> bool:
    """k readers' hand-built queue made and dequeued in ``fn``, its dequeue returned (``prefetch_helper.py``):
    each call of it in the tree was rewritten as its own chain, so with no call left it builds nothing."""
    from tfdata_bridge._src.migrate.prefetch_helper import returned_queue

    return returned_queue(fn) is not None and "QueueRunner(" in cst.Module([]).code_for_node(fn)


def _is_stage(finder, fn: cst.FunctionDef) -> bool:
    """A queue stage helper: its tensors through its own queue, the dequeue returned (``queue_stages.py``)."""
    from tfdata_bridge._src.migrate.queue_stages import is_stage_helper

    return is_stage_helper(finder, fn)


def _imported_from(module: cst.Module, package: str, source: str) -> list[cst.ImportAlias]:
    """The aliases of the module's top-level ``from ... import`` statements that import from module ``source``."""
    from tfdata_bridge._src.migrate.calls import absolute_name, dotted

    out = []
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
            name = "." * len(small.relative) + (dotted(small.module) if small.module is not None else "")
            if absolute_name(name, package) == source:
                out += list(small.names)
    return out


def _by_module(pairs: list) -> dict[str, list[cst.ImportAlias]]:
    out: dict[str, list[cst.ImportAlias]] = {}
    for p, a in pairs:
        out.setdefault(p, []).append(a)
    return out


def _without(module: cst.Module, aliases: list[cst.ImportAlias]) -> cst.Module:
    """``module`` less the import aliases given (a statement left with none goes)."""
    ids = {id(a) for a in aliases}

    class _Drop(cst.CSTTransformer):
        def leave_ImportFrom(self, original, updated):
            kept = [a for a in original.names if id(a) not in ids]
            if len(kept) == len(original.names):
                return updated
            if not kept:
                return cst.RemovalSentinel.REMOVE
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated.with_changes(names=kept)

    return module.visit(_Drop())


def _lines(module: cst.Module, fns: list[cst.FunctionDef]) -> list[tuple[int, int]]:
    from libcst.metadata import PositionProvider

    from tfdata_bridge._src.migrate.calls import wrapped

    wrapper = wrapped(module)
    where = wrapper.resolve(PositionProvider)
    ids = {id(f) for f in fns}
    return [(where[n].start.line, where[n].end.line) for n in nodes_of(wrapper.module, cst.FunctionDef)
            if id(n) in ids or any(n.deep_equals(f) for f in fns)]


__all__ = ["drop_unused", "foreign_file_queue"]
