"""The class form's starting method (``start_threads(self, sess)``): it made the feeding thread; now it makes
none and returns ``[]``, so its callers' ``coord.join(threads)`` and loops over the threads still work."""

from __future__ import annotations

import ast
import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of


def emptied_starter(index, module, removed: list[cst.CSTNode], replaced: dict, feeder: cst.FunctionDef,
                    starter: cst.FunctionDef, returned: str = "[]") -> cst.FunctionDef:
    """The class's method that makes the feeding thread: it makes none now and returns ``[]`` (``None`` where
    it returned one thread: ``handles.py``)."""
    if not any(c in index.threads for c in nodes_of(starter, cst.Call)):
        raise Refusal(f"`{starter.name.value}` does not make a `threading.Thread`")
    if any(c not in index.threads and (index.paths.get(c) or "") for c in nodes_of(starter, cst.Call)):
        raise Refusal(f"`{starter.name.value}` does more than start the feeding thread")
    one_thread(module, starter)
    # (what they name, ``threading`` included, is then unused)
    removed += nodes_of(starter, cst.SimpleStatementLine)
    replaced[starter] = [starter.with_changes(body=cst.IndentedBlock(body=[
        cst.SimpleStatementLine([cst.Return(cst.parse_expression(returned))],
                                leading_lines=[cst.EmptyLine(comment=cst.Comment(
                                    f"# tfdata-bridge migrate: no thread: `{feeder.name.value}` is read by "
                                    f"tf.data"))])]))]
    return starter


def one_thread(module: cst.Module, starter: cst.FunctionDef) -> None:
    """The starter makes one thread: none of its loops, or ``for _ in range(n)`` where ``n`` is 1 at every call
    (a parameter defaulting to 1 that no caller passes). ``k`` threads each running the whole feeding loop and
    closing the queue race to close it: what legacy delivers then is not a fixed multiset."""
    for loop in nodes_of(starter, cst.For):
        it = loop.iter
        count = it.args[0].value if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) \
            and it.func.value == "range" and len(it.args) == 1 else None
        if isinstance(count, cst.Integer) and count.value == "1":
            continue
        params = [p.name.value for p in starter.params.params]
        if isinstance(count, cst.Name) and count.value in params:
            param = starter.params.params[params.index(count.value)]
            position = params.index(count.value) - 1  # (``self`` is not passed at a call)
            calls = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Attribute)
                     and c.func.attr.value == starter.name.value]
            if isinstance(param.default, cst.Integer) and param.default.value == "1" and all(
                    len([a for a in c.args if a.keyword is None]) <= position
                    and not any(a.keyword is not None and a.keyword.value == count.value for a in c.args)
                    and not any(a.star for a in c.args) for c in calls) \
                    and _defaulted_elsewhere(starter.name.value, count.value, position):
                continue
        raise Refusal(f"`{starter.name.value}` starts its threads in a loop whose count is not 1 at every call; "
                      "several threads each running the feeding loop are not rewritten in a class")




def _defaulted_elsewhere(method: str, param: str, position: int) -> bool:
    """No other module of the tree being rewritten passes ``param`` to ``.method(...)`` (at ``position`` or by
    name, or through ``*``/``**``), nor reads ``.method`` other than to call it (a bound method handed on is
    called with what is not known here). Only texts naming ``.method`` are parsed (``TREE_TEXTS``: a module's
    rewrite alone has none)."""
    from tfdata_bridge._src.migrate.module_names import TREE_TEXTS

    pattern = re.compile(rf"\.\s*{re.escape(method)}\b")
    for text in TREE_TEXTS.get():  # (the starter's own module too: its calls satisfy this already)
        if pattern.search(text) is None:
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            return False
        called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == method and id(node) not in called:
                return False
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method and (
                    len(node.args) > position or any(isinstance(a, ast.Starred) for a in node.args)
                    or any(k.arg is None or k.arg == param for k in node.keywords)):
                return False
    return True
