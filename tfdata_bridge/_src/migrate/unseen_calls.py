"""Calls of code a one-module rewrite cannot see, which may start queue runners of their own.

Migrated alone (``migrate FILE`` or ``rewrite(source, to="tfdata")``), a module's pipeline is rewritten and its
queue-runner plumbing goes once no pipeline is left in it. But a function imported from another module of the
user's project (``shuffled = inputs.shuffle(row, ...)``: a ``RandomShuffleQueue`` stage with its ``QueueRunner``;
``images = cifar10.distorted_inputs()``) may build queues whose runners that plumbing started; with it gone, the
program waits forever at its first read. This rewrite cannot read that module, so where a function holding this
module's legacy queue code (its pipeline or its plumbing) calls one, the plumbing stays, with a note saying to
migrate the folder as one tree (``rewrite_tree``, where the other module is read: ``tree.py`` decides there).

A module is "seen" when it is TensorFlow, this library, the standard library, or an installed distribution
(found under a ``site-packages`` / ``dist-packages`` folder): those start no runner of the program's. Anything
else (a relative import, a module of the project, one that is not found) is code this rewrite does not see.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import sys

SEEN_ROOTS = frozenset({"tensorflow", "tfdata_bridge", "numpy", "__future__"})


@functools.lru_cache(maxsize=None)
def _library(root: str) -> bool:
    """Whether the top-level module ``root`` is one this rewrite takes as starting no runner of the program's."""
    if root in SEEN_ROOTS or root in sys.stdlib_module_names:
        return True
    try:
        spec = importlib.util.find_spec(root)  # (a top-level name: nothing is imported to find it)
    except (ImportError, ValueError):
        return False
    origin = (spec.origin or "") if spec is not None else ""
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    return spec is not None and any(part in ("site-packages", "dist-packages")
                                    for where in [origin, *locations] for part in where.replace("\\", "/").split("/"))


def _imported(tree: ast.Module) -> dict[str, str]:
    """Each name the module's imports bind -> the module it comes from (``"." `` first for a relative import)."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out[a.asname or a.name.partition(".")[0]] = a.name if a.asname else a.name.partition(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            for a in node.names:
                if a.name != "*":
                    out[a.asname or a.name] = base
    return out


def unseen_call(tree: ast.Module, finding_lines: set[int]) -> str | None:
    """The reason the plumbing stays: the first call, in a function holding one of ``finding_lines`` (or at
    module level where one is), of a function of a module this rewrite does not see; None where there is none."""
    imported = _imported(tree)
    if not imported:
        return None
    unseen = {name: origin for name, origin in imported.items()
              if origin.startswith(".") or not _library(origin.partition(".")[0])}
    if not unseen:
        return None

    def scopes(body, holder):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from scopes(node.body, node)
            elif isinstance(node, ast.ClassDef):
                yield from scopes(node.body, holder)
            else:
                yield holder, node

    held: dict[int, list[ast.stmt]] = {}  # id(function or the module) -> its own statements
    owners: dict[int, ast.AST] = {}
    for holder, stmt in scopes(tree.body, tree):
        held.setdefault(id(holder), []).append(stmt)
        owners[id(holder)] = holder
    for key, stmts in held.items():
        lines = {n.lineno for s in stmts for n in ast.walk(s) if hasattr(n, "lineno")}
        if not lines & finding_lines:
            continue
        for stmt in stmts:
            for node in ast.walk(stmt):
                if not isinstance(node, ast.Call):
                    continue
                head = node.func
                while isinstance(head, ast.Attribute):
                    head = head.value
                if isinstance(head, ast.Name) and head.id in unseen:
                    callee = ast.unparse(node.func)
                    return (f"`{callee}(...)` runs code of `{unseen[head.id]}`, which a rewrite "
                            "of this file alone does not read: it may start queue runners of its own; migrate the "
                            "folder as one tree to decide")
    return None


__all__ = ["unseen_call"]
