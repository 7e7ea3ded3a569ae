"""Several feeding threads of which the last to finish closes the queue (a countdown under a lock):

    _LOCK = threading.Lock()                              # module level
    _ALIVE = [0]

    def feed(sess, enqueue_op, close_op, thread_id):      # each thread feeds its part
        try:
            for item in items[thread_id::NUM]:
                sess.run(enqueue_op, feed_dict={...})
        finally:                                          # (or the function's last statement)
            with _LOCK:
                _ALIVE[0] -= 1
                if _ALIVE[0] == 0:
                    sess.run(close_op)

    _ALIVE[0] = NUM                                       # right before the loop starting the threads
    for i in range(NUM):
        threading.Thread(target=feed, args=(sess, enqueue_op, close_op, i)).start()

Legacy's queue closes once every thread has fed all of its part: the end of data is the end of the last thread,
each element fed once. The generator runs the threads' loops one after the other (``plumbing.py``), and its end
is that same end: the countdown goes (the ``with`` block, the ``try`` left with nothing in its ``finally``, and
the counter's setting), the close with it. Taken only where that is provable from the module: the counter is a
module-level list bound once and read nowhere but its countdown and one setting, which is the statement right
before the ``for v in range(N)`` loop making the feeder's one thread call, set to that same ``N`` (no ``break``
in that loop); the lock a module-level ``Lock()``/``RLock()``; the countdown the whole ``finally`` (or the last
statement) of the feeding function, once. Anything else keeps the refusal of several threads each closing.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of
from tfdata_bridge._src.migrate.feed.loop import session_of
from tfdata_bridge._src.migrate.feed.threads import thread_target
from tfdata_bridge._src.migrate.object_uses import tree_uses


@dataclass
class Countdown:
    block: cst.With  # the ``with lock:`` countdown, in the feeding function
    setting: cst.SimpleStatementLine  # ``_ALIVE[0] = N`` before the threads' loop


def countdown_close(finder, module: cst.Module, fn: cst.FunctionDef, sess: str, closes: list[str],
                    called: str) -> Countdown | None:
    """The countdown close of ``fn`` (run by threads targeting ``called``), or None where it is not one."""
    code = finder.code
    found = [w for w in nodes_of(fn, cst.With) if _is_countdown(w, sess, closes)]
    if len(found) != 1:
        return None
    block, (counter, index) = found[0], _is_countdown(found[0], sess, closes)
    body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else []
    tries = [t for t in nodes_of(fn, cst.Try) if t.finalbody is not None and not t.handlers and t.orelse is None
             and len(t.finalbody.body.body) == 1 and t.finalbody.body.body[0] is block]
    if not (tries and tries[0] in body or body and body[-1] is block):
        return None  # (run once by each thread, whatever its loop did: the last statement, or the whole finally)
    if not tries and _returns(fn):
        return None  # (a thread that returns before the countdown never counts down: legacy's queue never closes)
    lock = block.items[0].item.value
    if not _module_bound(module, lock, lambda v: isinstance(v, cst.Call) and isinstance(
            v.func, (cst.Name, cst.Attribute)) and getattr(v.func, "attr", v.func).value in ("Lock", "RLock")):
        return None
    if not _module_bound(module, counter, lambda v: isinstance(v, cst.List)) or tree_uses(
            getattr(finder, "external", None), counter):
        return None
    reads = [n for n in nodes_of(module, cst.Name) if n.value == counter]
    settings = [s for s in nodes_of(module, cst.SimpleStatementLine) if len(s.body) == 1 and isinstance(
        s.body[0], cst.Assign) and len(s.body[0].targets) == 1 and _item(s.body[0].targets[0].target) == (
        counter, index)]
    if len(reads) != 4 or len(settings) != 1:  # (its binding, the setting, the countdown's two)
        return None
    setting = settings[0]
    calls = [c for c in finder.index.threads if isinstance(t := thread_target(c), cst.Name) and t.value == called]
    if len(calls) != 1:
        return None
    for block_body in finder.index.blocks:
        at = next((j for j, s in enumerate(block_body) if s is setting), None)
        if at is None or at + 1 >= len(block_body):
            continue
        loop = block_body[at + 1]
        it = loop.iter if isinstance(loop, cst.For) else None
        if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range"
                and len(it.args) == 1 and it.args[0].keyword is None and not it.args[0].star):
            return None
        if not isinstance(setting.body[0].value, (cst.Name, cst.Attribute, cst.Subscript, cst.Integer)) \
                or code(it.args[0].value) != code(setting.body[0].value) or nodes_of(loop.body, cst.Break) \
                or nodes_of(loop.body, cst.Continue) or loop.orelse is not None \
                or not any(c is calls[0] for c in nodes_of(loop.body, cst.Call)):
            return None
        return Countdown(block, setting)
    return None


def without_countdown(fn: cst.FunctionDef, countdown: Countdown) -> cst.FunctionDef:
    """``fn`` less its countdown: a ``try`` whose ``finally`` held only it becomes its body."""
    block = countdown.block

    class _Drop(cst.CSTTransformer):
        def leave_Try(self, original, updated):
            if original.finalbody is not None and len(original.finalbody.body.body) == 1 and \
                    original.finalbody.body.body[0].deep_equals(block):
                return cst.FlattenSentinel(updated.body.body)
            return updated

        def leave_With(self, original, updated):
            return cst.RemovalSentinel.REMOVE if original.deep_equals(block) else updated

    return fn.visit(_Drop())


def _is_countdown(w: cst.With, sess: str, closes: list[str]) -> tuple[str, str] | None:
    """(counter, its index's code) where ``w`` is ``with L: C[k] -= 1; if C[k] == 0: sess.run(close)``."""
    if len(w.items) != 1 or w.items[0].asname is not None or not isinstance(w.items[0].item, cst.Name) \
            or w.asynchronous is not None or not isinstance(w.body, cst.IndentedBlock) or len(w.body.body) != 2:
        return None
    first, test = w.body.body
    small = first.body[0] if isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 else None
    if not (isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.SubtractAssign)
            and isinstance(small.value, cst.Integer) and small.value.value == "1"):
        return None
    item = _item(small.target)
    if item is None or not isinstance(test, cst.If) or test.orelse is not None:
        return None
    comp = test.test
    if not (isinstance(comp, cst.Comparison) and len(comp.comparisons) == 1 and _item(comp.left) == item
            and isinstance(comp.comparisons[0].operator, cst.Equal)
            and isinstance(comp.comparisons[0].comparator, cst.Integer)
            and comp.comparisons[0].comparator.value == "0"):
        return None
    inside = test.body.body if isinstance(test.body, cst.IndentedBlock) else []
    if len(inside) != 1 or not any(session_of(inside[0], c) == sess for c in closes):
        return None
    return item


def _item(node: cst.CSTNode) -> tuple[str, str] | None:
    """(name, index) for ``name[<integer>]``."""
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and len(node.slice) == 1 and \
            isinstance(node.slice[0].slice, cst.Index) and isinstance(node.slice[0].slice.value, cst.Integer):
        return node.value.value, node.slice[0].slice.value.value
    return None


def _module_bound(module: cst.Module, name: str, ok) -> bool:
    """Whether ``name`` is bound once in the module, at its top level, to a value ``ok`` takes."""
    binds = [t for t in nodes_of(module, cst.AssignTarget) if isinstance(t.target, cst.Name) and t.target.value == name]
    top = [s.body[0] for s in module.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
           and isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1
           and isinstance(s.body[0].targets[0].target, cst.Name) and s.body[0].targets[0].target.value == name]
    return len(binds) == 1 and len(top) == 1 and ok(top[0].value)


def _returns(fn: cst.FunctionDef) -> bool:
    """Whether ``fn`` itself (not a function nested in it) has a ``return``."""
    nested = {id(r) for f in nodes_of(fn.body, cst.FunctionDef) for r in nodes_of(f, cst.Return)}
    return any(id(r) not in nested for r in nodes_of(fn.body, cst.Return))
