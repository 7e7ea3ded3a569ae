"""``to_tfdata``'s pass over the prefetch queues of a module (``passthrough.py`` recognises one): each queue made
and dequeued here, each helper here returning one, and each call of a helper of another module that returns
one (the tree turns that helper only when those calls are all its uses, ``tree.py``'s requests)."""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.passthrough import Passthrough, passes, passthrough
from tfdata_bridge._src.migrate.queue_callers import NotADequeue, caller_dequeues, function_of


def passthrough_pass(index, finder, removed: set, replaced: dict, notes: list, outcomes: list, feed_refusals: list,
                     lead, comment_lines, requests: list | None = None, taken=()) -> None:
    """Rewrite every prefetch queue of the module (``to_tfdata``'s pass; ``lead`` / ``comment_lines`` are its
    layout helpers; ``requests``: the tree's, for helpers of other modules; ``taken``: this module's functions the
    tree replaces whole)."""
    from tfdata_bridge._src.migrate.results import Note, PipelineOutcome

    if finder.external is not None and requests is not None:
        _external_sites(index, finder, removed, replaced, notes, outcomes, requests, comment_lines)
    for body in index.blocks:
        for stmt in body:
            if not isinstance(stmt, cst.SimpleStatementLine) or stmt in removed or stmt in replaced:
                continue
            if taken and function_of(finder, stmt) in taken:  # the tree turns it: its queue is no refusal
                try:
                    found = passthrough(finder, stmt, local_callers=False)
                except Refusal:
                    found = None
                if found is not None:
                    removed.update(found.removed)
                continue
            line = index.lines.get(stmt, 0)
            try:
                found = passthrough(finder, stmt)
            except Refusal as exc:
                if isinstance(exc, NotADequeue) and any(f[0] is stmt for f in feed_refusals):
                    continue  # the runner-queue rewrite's reason for that use stands
                feed_refusals[:] = [f for f in feed_refusals if f[0] is not stmt]
                kind = _kind(finder, stmt)
                feed_refusals.append((stmt, Note(line, f"`tf.compat.v1.{kind}` left: {exc}"),
                                      PipelineOutcome(line, kind, False, str(exc))))
                continue
            if found is None or any(m in removed or m in replaced for m in [*found.removed, *found.news]):
                continue
            removed.update(found.removed)
            deq = found.dequeue
            where = next((b for b in index.blocks if deq in b), [])
            for old, new in found.news.items():
                replaced[old] = [new]
            replaced[deq] = [found.new_dequeue.with_changes(leading_lines=[*lead(deq, where, removed),
                                                                           *comment_lines(found.comment)])]
            text = found.comment.split(": ", 1)[1]
            notes.append(Note(line, text, kind="info"))
            outcomes.append(PipelineOutcome(line, found.kind, True, text))


def _kind(finder, stmt: cst.SimpleStatementLine) -> str:
    """Which queue class ``stmt`` makes (the refusal names it as the program wrote it)."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    value = small.value if isinstance(small, cst.Assign) else None
    return finder.is_api(value, "FIFOQueue", "PaddingFIFOQueue") or "FIFOQueue"


def returned_queue(finder, fn: cst.FunctionDef) -> Passthrough | None:
    """The prefetch queue that ``fn`` makes and returns, its callers not looked at (None: none, or refused, or
    ``fn`` returns its dequeue, not the queue)."""
    for stmt in nodes_of(fn, cst.SimpleStatementLine):
        try:
            found = passthrough(finder, stmt, local_callers=False)
        except Refusal:
            return None
        if found is not None and isinstance(found.dequeue.body[0], cst.Return) and \
                not isinstance(found.dequeue.body[0].value, cst.Call):
            return found  # (``return queue.dequeue()`` returns the tensors: the helper's own module rewrites it)
    return None


def rewritten_helper(fn: cst.FunctionDef, found: Passthrough, comment_lines) -> cst.FunctionDef:
    """``fn`` without its queue: the statements that go, gone; its return, the tensors (with the comment)."""
    gone = {id(n) for n in found.removed}
    news = {id(k): v for k, v in found.news.items()}
    ret = id(found.dequeue)

    class _T(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            if id(original) in gone:
                return cst.RemoveFromParent()
            if id(original) == ret:
                return found.new_dequeue.with_changes(leading_lines=[*original.leading_lines,
                                                                     *comment_lines(found.comment)])
            return news.get(id(original), updated)

        def leave_For(self, original, updated):  # (a ``for t in qr.create_threads(...): t.start()`` loop)
            return cst.RemoveFromParent() if id(original) in gone else updated

    return fn.visit(_T())


def _external_sites(index, finder, removed, replaced, notes, outcomes, requests, comment_lines) -> None:
    """Calls of a helper of another module that returns a prefetch queue: each caller's one dequeue takes the
    tensors, and the tree is asked to turn the helper (``requests``: it does so only if these are all its uses)."""
    from tfdata_bridge._src.migrate.results import Note, PipelineOutcome

    for body in index.blocks:
        for stmt in body:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not isinstance(small, (cst.Assign, cst.Return)) or not isinstance(small.value, cst.Call) or \
                    stmt in removed or stmt in replaced:
                continue
            line = index.lines.get(stmt, 0)
            plan = None
            try:
                found = finder.external(small.value.func)
                plan = returned_queue(found[1], found[0]) if found is not None else None
                if plan is None:
                    continue
                fn = found[0]
                given = [p for p in plan.unpassed if passes(small.value, fn, p)]
                if given:
                    raise Refusal(f"`{fn.name.value}(..., {given[0]}=...)`: the {plan.kind} it makes is shared with "
                                  "other sessions (tf.data has no shared iterator); not rewritten: drop the argument, "
                                  "or keep the queue (`migrate --to compat`)")
                sites = caller_dequeues(finder, fn, [small.value.func])
            except Refusal as exc:
                said = f"`{plan.said}`".replace(" or ", "` or `") if plan is not None else "`FIFOQueue`"
                notes.append(Note(line, f"{said} (a prefetch queue of another module) left: {exc}"))
                outcomes.append(PipelineOutcome(line, plan.kind if plan is not None else "FIFOQueue", False,
                                                str(exc)))
                continue
            if any(d in removed or d in replaced for d, _ in sites):
                continue
            text = (f"{plan.said}, QueueRunner, dequeue rewritten to tf.data; the prefetch queue `{fn.name.value}` "
                    "made goes: each dequeue was the next evaluation of the tensors it was filled with, in order")
            for k, (d, v) in enumerate(sites):
                new = d.with_changes(body=[d.body[0].with_changes(value=v)])
                if k == 0:
                    new = new.with_changes(leading_lines=[*d.leading_lines,
                                                          *comment_lines("tfdata-bridge migrate: " + text)])
                replaced[d] = [new]
            requests.append((fn, rewritten_helper(fn, plan, comment_lines), line))
            notes.append(Note(line, text, kind="info"))
            outcomes.append(PipelineOutcome(line, plan.kind, True, text))
