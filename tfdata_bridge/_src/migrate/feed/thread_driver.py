"""A ``threading.Thread`` subclass whose ``run`` drives the feeding method (the TTS feeders):

    def run(self):
        try:
            while not self._coord.should_stop():
                self._enqueue_next_group()            # runs the enqueue op, once per element, in its loop
        except tf.errors.CancelledError:
            pass

The feeding method becomes a generator (``loop.py``); ``run`` becomes the generator method tf.data reads, each
of its calls of the feeding method ``yield from`` it, under another name (``thread_run.py`` says why); the
coordinator checks go as in the feeding method (``coord.py``). ``run`` must call the feeding method only as
whole statements or as the test ``if not self.feed(): ... break`` (the keithito/tacotron feeders: it returns
whether it fed; ``not (yield from self.feed())`` reads the same value), take nothing but ``self``, and use the
session nowhere but to close the queue last in a block, or just before a ``break`` / ``return``. Where the feeding
method ends its data with ``sess.run(close); return False``, every call of it must be such a test that stops
the loop (legacy's next call would find the queue closed; the generator's would loop without data), and its
``break`` must leave every loop around the call (not only the inner loop of a ``for`` over epochs). A feeding
method that closes the queue otherwise (``sess.run(close); return``, or last) is called once, outside any loop:
``while True: self.feed()`` around it would spin without yielding once the data end (the program hung).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.feed.loop import is_obj, mentions, runs
from tfdata_bridge._src.migrate.feed.members import attr_uses, contains, instance_uses, methods_of, self_attr


def thread_driver(module: cst.Module, cls: cst.ClassDef, feeder: cst.FunctionDef,
                  name: str = "run") -> cst.FunctionDef | None:
    """The class's ``run`` (``name``) where it, and only it, calls the feeding method (``self.feed()``); else
    None."""
    run = methods_of(cls).get(name)
    if run is None or run is feeder:
        return None
    name = feeder.name.value
    uses = [u for u in instance_uses(module, cls, name) if not any(u is a for a in attr_uses(feeder, name))]
    calls = _called(run, name)
    if not uses or len(calls) != len(uses) or not all(any(c.func is u for c in calls) for u in uses):
        return None
    return run


def target_driver(index, module: cst.Module, cls: cst.ClassDef, feeder: cst.FunctionDef) -> cst.FunctionDef | None:
    """The method (of a class that is no ``Thread``) that alone calls the feeding method (``self.feed()``) and is
    used only as a thread's target (``threading.Thread(target=self.run)``, the round 49 feeder's
    ``start_in_session``); else None. It becomes the generator as a subclass's ``run`` does."""
    for name, method in methods_of(cls).items():
        if method is feeder or method.name.value == "__init__" or not _called(method, feeder.name.value):
            continue
        own = {id(a) for a in attr_uses(method, name)}
        uses = [u for u in _direct(instance_uses(module, cls, name)) if id(u) not in own]
        targets = {id(a.value) for call in index.threads for a in call.args
                   if a.keyword is not None and a.keyword.value == "target"}
        if not uses or not all(id(u) in targets for u in uses):
            return None
        looped = [m for m in methods_of(cls).values() for loop in nodes_of(m, (cst.For, cst.While, cst.CompFor))
                  if any(u is a for u in uses for a in nodes_of(loop, cst.Attribute))]
        if len(uses) != 1 or looped:
            raise Refusal(f"{len(uses)} thread(s) of `{name}`, which calls the feeding method `{feeder.name.value}`, "
                          "are made" + (" in a loop" if looped else "") + ": several feeders of one queue deliver "
                          "in an order of their race, not rewritten")
        return thread_driver(module, cls, feeder, name)
    return None


def _direct(uses: list[cst.Attribute]) -> list[cst.Attribute]:
    """The uses read on an instance itself (``self.run``), not on one of its attributes (``self._session.run``)."""
    return [u for u in uses if not isinstance(u, cst.Attribute) or not isinstance(u.value, cst.Attribute)]


def _called(run: cst.FunctionDef, name: str) -> list[cst.Call]:
    me = run.params.params[0].name.value if run.params.params else ""
    return [c for c in nodes_of(run, cst.Call) if self_attr(c.func, me) == name and not c.args]


def driven(run: cst.FunctionDef, feeder: cst.FunctionDef, sess: str, source: str, is_close,
           valued: bool = False, closing: bool = False) -> cst.FunctionDef:
    """``run`` as the generator method ``source``: its statements ``self.feed()`` -> ``yield from self.feed()``;
    a run of the queue's close (``is_close``), last in its block, goes (the generator's end is the data's).
    ``closing``: the feeding method closes the queue (``valued``: then returns a false value). Legacy's call after
    that close enqueues on a closed queue (it fails: the thread ends) or closes again and feeds nothing; the
    generator's would yield data again, or spin without yielding (the program hangs): a feeding method that closes
    is called once, outside any loop, or (``valued``) only as ``if not self.feed(): break`` that leaves every
    loop around it (or ``return``)."""
    params = run.params
    if len(params.params) != 1 or params.star_arg is not cst.MaybeSentinel.DEFAULT and \
            not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params or params.star_kwarg \
            or run.decorators:
        raise Refusal(f"`{run.name.value}` of the thread subclass takes more than `self`")
    closes = _DropCloses(sess, is_close)
    run = run.with_changes(body=run.body.visit(closes))
    if closes.refusal:
        raise Refusal(f"`{run.name.value}` {closes.refusal}")
    if mentions(run, sess):
        raise Refusal(f"`{run.name.value}` uses the session `{sess}` beyond the feeding method "
                      f"`{feeder.name.value}`")
    swap = _YieldFrom(feeder.name.value, run.params.params[0].name.value)
    body = run.body.visit(swap)
    if swap.count != len(_called(run, feeder.name.value)):
        raise Refusal(f"`{run.name.value}` calls `{feeder.name.value}` other than as a whole statement or as "
                      f"`if not {run.params.params[0].name.value}.{feeder.name.value}(): ...`")
    if valued and swap.stopping != swap.count:
        raise Refusal(f"`{feeder.name.value}` closes the queue and returns a false value, and `{run.name.value}` "
                      "does not stop on it at every call (`if not ...: break` out of every loop around it): its next "
                      "call would find the queue closed in legacy")
    calls = _called(run, feeder.name.value)
    looped = [c for c in calls if any(contains(loop, c) for loop in nodes_of(run, (cst.For, cst.While)))]
    if closing and not valued and (len(calls) > 1 or looped):
        raise Refusal(f"`{feeder.name.value}` closes the queue and `{run.name.value}` calls it again after "
                      "(in a loop, or twice) without stopping on the close: legacy's next call finds the queue "
                      "closed and the thread ends, the generator's would feed again or loop without yielding "
                      "(the migrated program would hang); not rewritten")
    return run.with_changes(name=cst.Name(source), body=body)


class _YieldFrom(cst.CSTTransformer):
    def __init__(self, name: str, me: str) -> None:
        super().__init__()
        self.name, self.me, self.count = name, me, 0
        self.stopping = 0  # ``if not self.feed(): ...`` whose block ends the loop (``break`` / ``return``)
        self._loops = 0  # the loops around the node visited (a ``break`` in two leaves only the inner one)

    def visit_For(self, node):
        self._loops += 1

    def leave_For(self, original, updated):
        self._loops -= 1
        return updated

    def visit_While(self, node):
        self._loops += 1

    def leave_While(self, original, updated):
        self._loops -= 1
        return updated

    def _is_feed(self, node) -> bool:
        return isinstance(node, cst.Call) and self_attr(node.func, self.me) == self.name and not node.args

    def leave_If(self, original, updated):
        test = updated.test
        if not (isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
                and self._is_feed(test.expression)):
            return updated
        self.count += 1
        body = updated.body.body if isinstance(updated.body, cst.IndentedBlock) else ()
        last = body[-1] if body else None
        if updated.orelse is None and isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and (
                isinstance(last.body[0], cst.Break) and self._loops <= 1 or isinstance(last.body[0], cst.Return)):
            self.stopping += 1
        pulled = cst.Yield(value=cst.From(item=test.expression), lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        return updated.with_changes(test=test.with_changes(expression=pulled))

    def leave_SimpleStatementLine(self, original, updated):
        small = updated.body[0] if len(updated.body) == 1 else None
        call = small.value if isinstance(small, cst.Expr) else None
        if isinstance(call, cst.Call) and self_attr(call.func, self.me) == self.name and not call.args:
            self.count += 1
            return updated.with_changes(body=[cst.Expr(cst.Yield(value=cst.From(item=call)))])
        return updated


class _DropCloses(cst.CSTTransformer):
    """``sess.run(close_op)`` / ``sess.run(self.queue.close())`` as the last statement of its block: removed."""

    def __init__(self, sess: str, is_close) -> None:
        super().__init__()
        self.sess, self.is_close, self.refusal = sess, is_close, ""
        self._loop_bodies: set[int] = set()  # the blocks run on every pass of a ``for`` / ``while``

    def visit_For(self, node):
        self._loop_bodies.add(id(node.body))

    def visit_While(self, node):
        self._loop_bodies.add(id(node.body))

    def _close(self, stmt: cst.CSTNode) -> bool:
        call = runs(stmt)
        return call is not None and len(call.args) == 1 and is_obj(call.func.value, self.sess) \
            and self.is_close(call.args[0].value)

    def leave_IndentedBlock(self, original, updated):
        body = list(updated.body)
        hits = [k for k, stmt in enumerate(body) if self._close(stmt)]
        if not hits:
            return updated
        if len(hits) != 1 or hits[0] != len(body) - 1 and not _stops(body[hits[0] + 1]):
            self.refusal = "runs something after closing the queue"
            return updated
        if id(original) in self._loop_bodies and hits[0] == len(body) - 1:
            self.refusal = ("closes the queue on a pass of a loop that goes on after it (no `break` / `return` "
                            "after the close): legacy's next pass would find the queue closed, the generator's "
                            "would feed again or loop without yielding")
            return updated
        kept = body[:hits[0]] + body[hits[0] + 1:]
        return updated.with_changes(body=kept or [cst.SimpleStatementLine([cst.Pass()])])


def _stops(stmt: cst.CSTNode) -> bool:
    """``break`` or a bare ``return``."""
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and (
        isinstance(stmt.body[0], cst.Break) or isinstance(stmt.body[0], cst.Return) and stmt.body[0].value is None)
