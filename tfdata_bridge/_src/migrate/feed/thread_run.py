"""The class form's ``threading.Thread`` subclass (the speech and TTS feeders): its ``run`` is the feeding
method, and it reads the session from the instance, where the method that starts the thread put it:

    class Feeder(threading.Thread):
        def start_in_session(self, session):
            self._session = session
            self.start()
        def run(self):
            for x in ...:
                self._session.run(self._enqueue_op, feed_dict=...)

``run`` becomes a generator method of another name (``run`` of a ``Thread`` must not be a generator: the
thread would make one and drop it); ``Thread.run`` is then the base class's, which runs no target, so the
program's ``start()``, ``daemon`` and ``join()`` keep working on a thread that ends at once. The session's
attribute and its setter stay (nothing reads them now).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.feed.loop import DEFAULT_SESSION, op_run, runs
from tfdata_bridge._src.migrate.feed.members import self_attr


def thread_bases(module: cst.Module) -> tuple[set[str], set[str]]:
    """(the names bound to the ``threading`` module, the names bound to ``threading.Thread``) by the module's
    imports."""
    modules, classes = set(), set()
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Import):
            for alias in small.names:
                if isinstance(alias.name, cst.Name) and alias.name.value == "threading":
                    modules.add(alias.asname.name.value if alias.asname is not None else "threading")
        elif isinstance(small, cst.ImportFrom) and isinstance(small.module, cst.Name) \
                and small.module.value == "threading" and not isinstance(small.names, cst.ImportStar):
            for alias in small.names:
                if isinstance(alias.name, cst.Name) and alias.name.value == "Thread":
                    classes.add(alias.asname.name.value if alias.asname is not None else "Thread")
    return modules, classes


def is_thread_subclass(module: cst.Module, cls: cst.ClassDef) -> bool:
    """The class derives from ``threading.Thread`` (named through the module's imports)."""
    modules, classes = thread_bases(module)
    for base in cls.bases:
        b = base.value
        if isinstance(b, cst.Attribute) and isinstance(b.value, cst.Name) and b.value.value in modules \
                and b.attr.value == "Thread" or isinstance(b, cst.Name) and b.value in classes:
            return True
    return False


def session_attr(feeder: cst.FunctionDef, me: str, enqueue: str) -> str:
    """``self._session`` where the feeding method (which takes no session) runs the enqueue op through one
    attribute of the instance; ``DEFAULT_SESSION`` where it runs it only as ``self.op.run(feed_dict=...)``, on the
    default session (tensorpack's ``EnqueueThread``, under ``with self.sess.as_default():``)."""
    found = set()
    for stmt in nodes_of(feeder, cst.SimpleStatementLine):
        call = runs(stmt)
        if call is not None and self_attr(call.args[0].value, me) == enqueue:
            found.add(self_attr(call.func.value, me))
    if not found and any((call := op_run(stmt)) is not None and self_attr(call.func.value, me) == enqueue
                         and not any(a.keyword is not None and a.keyword.value == "session" for a in call.args)
                         for stmt in nodes_of(feeder, cst.SimpleStatementLine)):
        return DEFAULT_SESSION  # ``self.op.run(feed_dict=...)``: the default session (``with sess.as_default()``)
    if len(found) != 1 or None in found:
        raise Refusal(f"`{feeder.name.value}` takes no session and does not run the enqueue op through one "
                      f"session attribute of `{me}`")
    return f"{me}.{found.pop()}"


def held_session(feeder: cst.FunctionDef, enqueue: str) -> bool:
    """The feeding method takes more than ``self`` and runs the enqueue op only as ``self.<attr>.run(...)``
    (``self.sess``, ``self._sess``: a session the instance was handed), its parameters all data then;
    ``session_attr`` says which attribute, or refuses where it is not one."""
    params = feeder.params.params
    if len(params) < 2:
        return False
    me = params[0].name.value
    sessions = [call.func.value for stmt in nodes_of(feeder, cst.SimpleStatementLine)
                if (call := runs(stmt)) is not None and self_attr(call.args[0].value, me) == enqueue]
    return bool(sessions) and all(self_attr(s, me) is not None for s in sessions)
