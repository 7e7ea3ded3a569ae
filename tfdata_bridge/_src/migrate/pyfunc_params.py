"""A helper's ``py_func`` dtypes (and the shapes its loop sets) given by parameters every call gives alike:

    def generator_input(gen_fn, dtypes, shapes, batch_size, chunk_size):      # inputs.py
        iterator = gen_fn()
        def _next():
            return next(iterator)
        tensors = tf.py_func(_next, [], dtypes, stateful=True)
        for t, shape in zip(tensors, shapes):
            t.set_shape([chunk_size] + list(shape))
        return tf.train.batch(tensors, batch_size, enqueue_many=True)

    a, b = inputs.generator_input(gen, [tf.float32, tf.int32], [[3], []], 4, 2)  # every call in the tree

The generator's element is known only from the ``py_func``'s ``Tout`` (and its shapes from the loop): where
every use of the top-level function in the tree is a direct call giving the parameter the same list display
(written there, a name its module binds once to one, or left at a default that is one) of constants (numbers,
``None``, strings, dotted names of a module both modules import alike: ``tf.float32``), that display is written
at those two reads (``Tout``, the ``zip``'s second argument); the parameter stays, read nowhere else but in
``len(...)``. The same values, so the same program (a caller outside the tree is not seen, as for
``flag_locals.py``). Calls giving different lists leave the helper as written (its batch's note says why).
``tree.py`` keeps the result only where more pipelines are then rewritten. Trees with no ``py_func(`` /
``numpy_function(`` cost one substring search per module; the uses are looked for only in the modules naming
such a helper.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of

_QUICK = re.compile(r"\b(?:py_func|numpy_function)\(")
_PYFUNCS = ("py_func", "numpy_function")


def _pyfunc_tout(call: cst.Call) -> cst.BaseExpression | None:
    func = call.func
    short = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
    if short not in _PYFUNCS or any(a.star for a in call.args):
        return None
    for i, a in enumerate(call.args):
        if (a.keyword is None and i == 2) or (a.keyword is not None and a.keyword.value == "Tout"):
            return a.value
    return None


def _reads(fn: cst.FunctionDef) -> tuple[dict[str, list[cst.Name]], set[str]]:
    """({param: [its reads as Tout / as a zip's shapes]}, the names of ``py_func`` results)."""
    params = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params] if not p.star}
    uses: dict[str, list[cst.Name]] = {}
    results: set[str] = set()
    for a in nodes_of(fn.body, cst.Assign):
        if isinstance(a.value, cst.Call) and _pyfunc_tout(a.value) is not None:
            tout = _pyfunc_tout(a.value)
            if isinstance(tout, cst.Name) and tout.value in params:
                uses.setdefault(tout.value, []).append(tout)
            if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name):
                results.add(a.targets[0].target.value)
    for loop in nodes_of(fn.body, cst.For):
        it = loop.iter
        if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "zip" and \
                len(it.args) == 2 and isinstance(it.args[0].value, cst.Name) and \
                it.args[0].value.value in results and isinstance(it.args[1].value, cst.Name) and \
                it.args[1].value.value in params:
            uses.setdefault(it.args[1].value.value, []).append(it.args[1].value)
    return uses, results


def _import_of(module: cst.Module, name: str) -> str | None:
    """What the top-level imports bind ``name`` to (``tensorflow.compat.v1`` for ``import ... as tf``)."""
    found = None
    for stmt in module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Import):
                for alias in small.names:
                    bound = alias.asname.name.value if alias.asname else alias.evaluated_name.split(".")[0]
                    if bound == name:
                        found = alias.evaluated_name if alias.asname else bound
            elif isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar) and \
                    small.module is not None and not small.relative:
                for alias in small.names:
                    bound = alias.asname.name.value if alias.asname else alias.evaluated_name
                    if bound == name:
                        found = f"{cst.Module([]).code_for_node(small.module)}.{alias.evaluated_name}"
    return found


def _constant(node: cst.BaseExpression, here: cst.Module, there: cst.Module, local: set[str]) -> bool:
    """``node`` means the same written in ``there`` as in ``here``: a display of numbers, strings, ``None`` /
    ``True`` / ``False`` and dotted names of a module both import alike (in one module: any top-level name),
    its root no name of the helper (``local``)."""
    if isinstance(node, (cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) and _constant(e.value, here, there, local) for e in node.elements)
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return isinstance(node.expression, (cst.Integer, cst.Float))
    if isinstance(node, cst.Name):
        return node.value in ("None", "True", "False")
    if isinstance(node, cst.Attribute):
        root = node
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or root.value in local:
            return False
        if here is there:
            return any(isinstance(t.target, cst.Name) and t.target.value == root.value
                       for s in here.body if isinstance(s, cst.SimpleStatementLine)
                       for a in s.body if isinstance(a, cst.Assign) for t in a.targets) or \
                _import_of(here, root.value) is not None
        bound = _import_of(here, root.value)
        return bound is not None and bound == _import_of(there, root.value)
    return False


def _display_of(module: cst.Module, node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``node`` when a list or tuple display; a name the module binds once, by ``name = <display>``: that."""
    if isinstance(node, (cst.List, cst.Tuple)):
        return node
    if not isinstance(node, cst.Name):
        return None
    bound = [t for t in nodes_of(module, cst.AssignTarget) if isinstance(t.target, cst.Name)
             and t.target.value == node.value]
    other = [n for n in nodes_of(module, cst.CSTNode) if isinstance(n, (cst.AugAssign, cst.For, cst.AsName, cst.Param,
                                                                       cst.Global, cst.Nonlocal, cst.NamedExpr))
             and node.value in {x.value for x in nodes_of(n.target if isinstance(n, (cst.AugAssign, cst.For,
                                                                                      cst.NamedExpr))
                                                          else n.name if isinstance(n, (cst.AsName, cst.Param))
                                                          else n, cst.Name)}]
    if len(bound) != 1 or other:
        return None
    assign = next((a for a in nodes_of(module, cst.Assign) if bound[0] in a.targets), None)
    if assign is None or len(assign.targets) != 1 or not isinstance(assign.value, (cst.List, cst.Tuple)):
        return None
    mutated = any(isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name)
                  and c.func.value.value == node.value for c in nodes_of(module, cst.Call))
    return None if mutated else assign.value


def _given(tree, fn: cst.FunctionDef, path: str, module: cst.Module, name: str) -> cst.BaseExpression | None:
    """The display every use of ``fn`` in the tree gives its parameter ``name``, alike; None otherwise."""
    from tfdata_bridge._src.migrate.queue_size import parents

    params = list(fn.params.params)
    param = next(p for p in [*params, *fn.params.kwonly_params] if p.name.value == name)
    position = params.index(param) if param in params else None
    sites = tree.sites(path, fn.name.value)
    if not sites:
        return None
    local = {n.value for n in nodes_of(fn.params, cst.Name)} | \
        {n.value for t in nodes_of(fn.body, cst.AssignTarget) for n in nodes_of(t.target, cst.Name)}
    found: cst.BaseExpression | None = None
    for cpath, node in sites:
        up = parents(tree.modules[cpath])
        call = up.get(id(node))
        if isinstance(call, cst.Attribute) and call.attr is node:
            node, call = call, up.get(id(call))
        if not isinstance(call, cst.Call) or call.func is not node or any(a.star for a in call.args):
            return None
        given, caller = None, module if cpath == path else tree.modules[cpath]
        for i, arg in enumerate(call.args):
            if (arg.keyword is None and i == position) or (arg.keyword is not None and arg.keyword.value == name):
                given = arg.value
        if given is None:
            given, caller = param.default, module
        display = _display_of(caller, given)
        if display is None or not _constant(display, caller, module, local):
            return None
        if found is not None and not display.deep_equals(found):
            return None  # (calls giving different lists: left)
        found = display
    return found


class _Write(cst.CSTTransformer):
    def __init__(self, swaps: dict[int, cst.BaseExpression]):
        self.swaps = swaps

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        new = self.swaps.get(id(original))
        return new.deep_clone() if new is not None else updated


def _fold(tree_of, fn: cst.FunctionDef, path: str, module: cst.Module) -> cst.FunctionDef | None:
    if fn.decorators or not isinstance(fn.body, cst.IndentedBlock):
        return None
    uses, _ = _reads(fn)
    swaps: dict[int, cst.BaseExpression] = {}
    for name, reads in uses.items():
        read_ids = {id(r) for r in reads}
        lens = {id(c.args[0].value) for c in nodes_of(fn.body, cst.Call) if isinstance(c.func, cst.Name)
                and c.func.value == "len" and len(c.args) == 1}
        keywords = {id(a.keyword) for a in nodes_of(fn.body, cst.Arg) if a.keyword is not None}
        attrs = {id(a.attr) for a in nodes_of(fn.body, cst.Attribute)}
        others = [n for n in nodes_of(fn.body, cst.Name) if n.value == name and id(n) not in read_ids
                  and id(n) not in lens and id(n) not in keywords and id(n) not in attrs]
        if others:
            continue  # (bound again, read another way, or read by a nested function: left)
        display = _given(tree_of(fn.name.value), fn, path, module, name)
        if display is not None:
            swaps.update({id(r): display for r in reads})
    if not swaps:
        return None
    return fn.with_changes(body=fn.body.visit(_Write(swaps)))


def fold_pyfunc_params(texts: dict[str, str], root: str) -> dict[str, str] | None:
    """``texts`` with each top-level function's ``py_func`` ``Tout`` (and the shapes a loop over its outputs
    sets) read from a parameter every call gives the same list display written as that display; None where
    nothing changed."""
    if not any(_QUICK.search(t) for t in texts.values()):
        return None
    from tfdata_bridge._src.migrate.handed_copies import _Tree

    out = dict(texts)
    for path, text in texts.items():
        if not _QUICK.search(text):
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue

        trees: dict[str, _Tree] = {}

        def tree_of(fname, path=path, trees=trees):
            # (only the modules naming the helper can use it; built once per helper, where it has such a parameter)
            if fname not in trees:
                trees[fname] = _Tree({p: t for p, t in texts.items() if p == path or fname in t}, root)
            return trees[fname]

        new_body, changed = [], False
        for stmt in module.body:
            if isinstance(stmt, cst.FunctionDef) and _QUICK.search(module.code_for_node(stmt)):
                folded = _fold(tree_of, stmt, path, module)
                if folded is not None:
                    stmt, changed = folded, True
            new_body.append(stmt)
        if changed:
            out[path] = module.with_changes(body=new_body).code
    return out if out != texts else None


__all__ = ["fold_pyfunc_params"]
