"""Runner plumbing in a helper function: the QUEUE_RUNNERS collection's runners started by hand (issue 17).

    def start_runners(sess, coord):                                  # this module's, or another of the tree's
        threads = []
        for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
            threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
        return threads

    threads = start_runners(sess, coord)                             # a start, as ``start_queue_runners`` is

A module-level function whose body is only that loop (``runner_loops.runner_loop``), optionally the empty list
it collects the threads in and the ``return`` of that list (or of nothing), starts runners and does nothing else.
Once no queue pipeline is left, its calls are what ``start_queue_runners`` calls are for ``plumbing.py``: removed
(the threads, where still used, bound to ``[]``), and the coordinator with them where nothing else uses it. A
helper of the module that nothing else calls goes too; one of another module stays (it loops over an empty
collection), since code outside the tree may call it.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import dotted, nodes_of
from tfdata_bridge._src.migrate.runner_loops import runner_loop


def runner_helper(fn: cst.FunctionDef) -> bool:
    """``fn`` does nothing but start the QUEUE_RUNNERS collection's runners (and return their threads)."""
    if fn.decorators or not isinstance(fn.body, cst.IndentedBlock) or fn.asynchronous is not None:
        return False
    body = list(fn.body.body)
    if body and isinstance(body[0], cst.SimpleStatementLine) and len(body[0].body) == 1 and \
            isinstance(body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, cst.SimpleString):
        body = body[1:]  # (its docstring)
    empty = None
    if body and isinstance(body[0], cst.SimpleStatementLine) and len(body[0].body) == 1:
        small = body[0].body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, cst.List) and not small.value.elements:
            empty = small.targets[0].target.value
            body = body[1:]
    if not body or not isinstance(body[0], cst.For):
        return False
    collected = runner_loop(body[0])
    if collected is None or (collected or None) != empty:
        return False
    rest = body[1:]
    if not rest:
        return True
    if len(rest) != 1 or not isinstance(rest[0], cst.SimpleStatementLine) or len(rest[0].body) != 1 or \
            not isinstance(rest[0].body[0], cst.Return):
        return False
    value = rest[0].body[0].value
    return value is None or (isinstance(value, cst.Name) and value.value == collected and bool(collected))


def module_runner_helpers(module: cst.Module) -> dict[str, cst.FunctionDef]:
    """The module-level runner helpers of ``module``, by name (a name defined twice is none)."""
    defs: dict[str, list[cst.FunctionDef]] = {}
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef):
            defs.setdefault(stmt.name.value, []).append(stmt)
    return {name: fns[0] for name, fns in defs.items() if len(fns) == 1 and runner_helper(fns[0])}


def runner_contexts(module: cst.Module) -> list[str]:
    """The module-level ``@contextmanager`` functions of ``module`` that start the collection's runners by hand
    (slim's ``queues.QueueRunners``: a loop of ``create_threads`` before its ``yield``). No call of theirs is a
    start to remove (the ``with`` stays): where nothing is left to run, their own plumbing goes (``tree.py``)."""
    found = []
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef) and any(
                (dotted(d.decorator) or "").rsplit(".", 1)[-1] == "contextmanager" for d in stmt.decorators) and \
                any(runner_loop(loop) is not None for loop in nodes_of(stmt, cst.For)):
            found.append(stmt.name.value)
    return found


def names_helper(qualified: str, helpers: frozenset[str] | set[str]) -> bool:
    """``qualified`` (an import's qualified name, relative ones with their dots) names one of ``helpers``
    (``"package.module.function"`` of the tree's modules)."""
    if qualified in helpers:
        return True
    if qualified.startswith("."):
        tail = "." + qualified.lstrip(".")
        return any(h.endswith(tail) for h in helpers)
    return False


__all__ = ["module_runner_helpers", "names_helper", "runner_contexts", "runner_helper"]
