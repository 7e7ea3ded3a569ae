"""A hand-built queue's ``shared_name``, dropped where no other session can reach the queue:

    queue = tf.FIFOQueue(capacity, dtypes, shapes=..., shared_name="replay_buffer")

A shared name lets every session of one server (a ``tf.train.Server`` target, its container) find the same
queue: a distributed actor/learner program fills it in one process and reads it in another. A program whose
sessions are in-process (no target, no master), with no server, cluster, container or device setter, and whose
graph holds this shared name once (no second queue built with it, the queue built once) has no other session
that could reach the queue: it behaves as a plain one, and the rewrite drops the name, saying so. Anything else
keeps the queue, with the reason.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_none, nodes_of

_DISTRIBUTED = ("Server", "ClusterSpec", "container", "replica_device_setter", "SimpleClusterResolver",
                "TFConfigClusterResolver")
# calls that connect to a server when given its address: (the parameter, its place)
_TARGETS = {"Session": ("target", 0), "InteractiveSession": ("target", 0), "MonitoredTrainingSession": ("master", 0),
            "ChiefSessionCreator": ("master", 1), "WorkerSessionCreator": ("master", 1)}
_SERVER_TEXT = re.compile(r"\b(Server|ClusterSpec|container|replica_device_setter)\s*\(|\.target\b|"
                          r"\bmaster\s*=\s*[^\s,)]|grpc://")
_METHODS = ("managed_session", "prepare_or_wait_for_session")  # a Supervisor's, given the master


def _short(finder, node) -> str:
    return (finder.api(node) or "").rsplit(".", 1)[-1]


def dropped_shared_name(finder, stmt: cst.SimpleStatementLine, kind: str, shared: cst.BaseExpression | None
                        ) -> str | None:
    """The comment's words for the queue made at ``stmt`` with ``shared_name=shared`` (None: not shared, nothing
    to say). ``Refusal`` naming why where another session may share it."""
    from tfdata_bridge._src.migrate.static_values import literal

    if is_none(shared):
        return None
    code = finder.code(shared)
    value = literal(finder, stmt, shared)
    if value == "":
        return None
    head = f"`{kind}(shared_name={code})` shares the queue with the other sessions of a server"
    if not isinstance(value, str):
        raise Refusal(f"{head}, and its name is not known here; not rewritten")
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        raise Refusal(f"{head}; not rewritten")
    for call in nodes_of(module, cst.Call):
        short = _short(finder, call)
        why = None
        if set((finder.api(call) or "").split(".")) & set(_DISTRIBUTED):  # (``Server.create_local_server()``)
            why = f"the program uses `{finder.code(call.func)}`"
        elif short in _TARGETS or isinstance(call.func, cst.Attribute) and call.func.attr.value in _METHODS:
            param, at = _TARGETS.get(short, ("master", 0))
            given = next((a.value for i, a in enumerate(call.args) if a.keyword is None and i == at and not a.star
                          or a.keyword is not None and a.keyword.value == param), None)
            if any(a.star for a in call.args) or given is not None and literal(finder, call, given) != "":
                why = f"`{finder.code(call)}` connects to a server"
        elif call is not stmt.body[0].value and any(a.keyword is not None and a.keyword.value == "shared_name"
                                                    and literal(finder, call, a.value) in (value, _unknown())
                                                    for a in call.args):
            why = f"`{finder.code(call)}` is built with that shared name too"
        if why is not None:
            raise Refusal(f"{head}: {why}; not rewritten")
    others = getattr(finder.external, "other_texts", None) if finder.external is not None else None
    if others is not None:  # a tree: a server or target in another module may run this module's graph
        said = next((m.group(0) for t in others() for m in [_SERVER_TEXT.search(t)] if m), None)
        if said is not None:
            raise Refusal(f"{head}: another module of the tree spells `{said.strip()}` (a server or its target); "
                          "not rewritten")
    built = _built_more_than_once(finder, stmt)
    if built:
        raise Refusal(f"{head}: {built}, each one the same shared queue; not rewritten")
    return (f"the queue's shared_name={code} goes: the program's sessions are in-process (no server, target or container), "
            "so no other session could reach the queue")


def _unknown():
    from tfdata_bridge._src.migrate.static_values import UNKNOWN

    return UNKNOWN


def _built_more_than_once(finder, stmt: cst.SimpleStatementLine) -> str | None:
    """Why the queue statement may run more than once while the graph is built (None: once)."""
    scope = finder.scopes.scope(stmt)
    fn = getattr(scope, "node", None)
    if isinstance(fn, cst.Module) or fn is None:
        return None
    if not isinstance(fn, cst.FunctionDef):
        return "it is made in a lambda or comprehension"
    if _in_loop(fn, stmt):
        return f"it is made in a loop of `{fn.name.value}`"
    owner = getattr(finder.scopes.scope(fn), "node", None)
    if isinstance(owner, cst.ClassDef):  # a method: each instance makes its own queue of that one shared name
        if fn.name.value != "__init__":
            return (f"it is made in `{owner.name.value}.{fn.name.value}`, a method that may run more than once "
                    "(only `__init__` of a class built once is followed)")
        fn = owner  # (the class's constructions are the calls of ``__init__``)
    local = finder.scopes.callers(fn)
    callers: list = list(local)
    elsewhere = getattr(finder.external, "calls_elsewhere", None) if finder.external is not None else None
    if elsewhere is not None:
        callers += list(elsewhere(fn.name.value))
    what = "is built" if isinstance(fn, cst.ClassDef) else "is called"
    if isinstance(fn, cst.ClassDef) and not callers:  # (a class no code of the tree builds: not followed)
        return f"`{fn.name.value}`, whose instances make it, is built by no code of the program that is read"
    if len(callers) > 1:  # (none: an entry point, called from outside, ``main(...)``)
        return f"`{fn.name.value}`, which makes it, {what} more than once (or named elsewhere)"
    if local and _in_loop(fn_of(finder, local[0]), local[0]):
        return f"`{fn.name.value}`, which makes it, {what} in a loop"
    for call, stmt, _, site in callers[len(local):]:  # (another module's one call: in a loop there, several)
        scopes = getattr(site, "scopes", None)
        if call is not None and stmt is not None and scopes is not None and _in_loop(
                getattr(scopes.scope(stmt), "node", None), stmt):
            return f"`{fn.name.value}`, which makes it, {what} in a loop of another module"
    return None


def fn_of(finder, node: cst.CSTNode) -> cst.CSTNode | None:
    return getattr(finder.scopes.scope(node), "node", None)


def _in_loop(fn: cst.CSTNode | None, node: cst.CSTNode) -> bool:
    if fn is None:
        return False
    body = fn.body if isinstance(fn, cst.FunctionDef) else fn
    for loop in nodes_of(body, cst.For) + nodes_of(body, cst.While) + nodes_of(body, cst.ListComp):
        inner = loop.body if not isinstance(loop, cst.ListComp) else loop
        if any(s is node for s in nodes_of(inner, type(node))):
            return True
    return False
