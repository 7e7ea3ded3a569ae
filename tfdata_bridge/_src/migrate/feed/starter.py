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
    kept = returned_on_self(index, starter)
    before = [cst.parse_statement(line + "\n") for line in kept[0]] if kept is not None else []
    if kept is not None:
        returned = kept[1]
    text = f"# tfdata-bridge migrate: no thread: `{feeder.name.value}` is read by tf.data"
    if kept is not None:
        text = (f"# tfdata-bridge migrate: no feeding thread: `{feeder.name.value}` is read by tf.data; "
                f"`{kept[1]}` is kept for its callers' joins")
    body = [*before, cst.SimpleStatementLine([cst.Return(cst.parse_expression(returned))])]
    body[0] = body[0].with_changes(leading_lines=[cst.EmptyLine(comment=cst.Comment(text))])
    replaced[starter] = [starter.with_changes(body=cst.IndentedBlock(body=body))]
    return starter


def returned_on_self(index, starter: cst.FunctionDef) -> tuple[list[str], str] | None:
    """A starter that returns what it kept on the instance (``self.thread = Thread(...); ...; return
    self.thread``, or ``self.threads = [t]; return self.threads``): that attribute stays what it was, now a
    thread that runs nothing, started (``self.thread = threading.Thread(); self.thread.start()``), or an empty
    list; the starter returns it, so every caller's ``.join()`` (or loop of joins) works as before. (the lines
    before the return, the returned text), or None where the starter returns no attribute of the instance."""
    me = starter.params.params[0].name.value if starter.params.params else None
    rets = nodes_of(starter, cst.Return)
    if me is None or len(rets) != 1 or not (isinstance(rets[0].value, cst.Attribute) and isinstance(
            rets[0].value.value, cst.Name) and rets[0].value.value.value == me):
        return None
    attr = rets[0].value.attr.value
    sets = [a.value for a in nodes_of(starter, cst.Assign) for t in a.targets if isinstance(t.target, cst.Attribute)
            and isinstance(t.target.value, cst.Name) and t.target.value.value == me and t.target.attr.value == attr]
    if len(sets) != 1:
        return None
    value = sets[0]
    if isinstance(value, cst.Call) and value in index.threads:
        func = cst.Module([]).code_for_node(value.func)
        return [f"{me}.{attr} = {func}(daemon=True)", f"{me}.{attr}.start()"], f"{me}.{attr}"
    if isinstance(value, (cst.List, cst.Tuple, cst.Name, cst.BinaryOperation)):
        return [f"{me}.{attr} = []"], f"{me}.{attr}"
    return None


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
            owner = next((c.name.value for c in nodes_of(module, cst.ClassDef)
                          if isinstance(c.body, cst.IndentedBlock) and starter in c.body.body), None)
            if isinstance(param.default, cst.Integer) and param.default.value == "1" and all(
                    _one_at(c, count.value, position) for c in calls) \
                    and _defaulted_elsewhere(starter.name.value, count.value, position, owner):
                continue
        raise Refusal(f"`{starter.name.value}` starts its threads in a loop whose count is not 1 at every call; "
                      "several threads each running the feeding loop are not rewritten in a class")




def _one_at(call: cst.Call, param: str, position: int) -> bool:
    """``call`` of the starter leaves the count at its default, or passes the literal 1 (at ``position`` or by
    name); no ``*``/``**``."""
    if any(a.star for a in call.args):
        return False
    given = [a.value for a in call.args if a.keyword is None][position:position + 1] + \
        [a.value for a in call.args if a.keyword is not None and a.keyword.value == param]
    return all(isinstance(v, cst.Integer) and v.value == "1" for v in given)


def _defaulted_elsewhere(method: str, param: str, position: int, owner: str | None = None) -> bool:
    """No other module of the tree being rewritten passes ``param`` to ``.method(...)`` (at ``position`` or by
    name, or through ``*``/``**``) other than as the literal 1, nor reads ``.method`` other than to call it (a
    bound method handed on is called with what is not known here). Only texts naming ``.method`` are parsed
    (``TREE_TEXTS``: a module's rewrite alone has none). A module naming another class of the tree that defines
    ``method`` and not ``owner`` (the starter's class) calls that class's method: its calls are not counted
    (``start_threads`` is a common name: two programs' runner classes in one tree)."""
    from tfdata_bridge._src.migrate.module_names import TREE_TEXTS

    texts = TREE_TEXTS.get()
    pattern = re.compile(rf"\.\s*{re.escape(method)}\b")
    others: set[str] = set()
    if owner is not None:
        defines = re.compile(rf"\bdef\s+{re.escape(method)}\b")
        for text in texts:
            if defines.search(text) is None:
                continue
            try:
                tree = ast.parse(text)
            except (SyntaxError, ValueError):
                continue
            others |= {c.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and c.name != owner and any(
                isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name == method for f in c.body)}
    named = [re.compile(rf"\b{re.escape(n)}\b") for n in sorted(others)]
    mine = re.compile(rf"\b{re.escape(owner)}\b") if owner is not None else None
    for text in texts:  # (the starter's own module too: its calls satisfy this already)
        if pattern.search(text) is None:
            continue
        if mine is not None and not mine.search(text) and any(n.search(text) for n in named):
            continue  # (another class's objects: this module names that class, not the starter's)
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            return False
        called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == method and id(node) not in called:
                return False
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method:
                given = node.args[position:position + 1] + [k.value for k in node.keywords if k.arg == param]
                if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords) \
                        or any(not (isinstance(v, ast.Constant) and v.value == 1 and type(v.value) is int)
                               for v in given):
                    return False
    return True
