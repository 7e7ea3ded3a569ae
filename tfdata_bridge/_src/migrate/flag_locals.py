"""A batch flag given by a local the helper sets from a parameter every call leaves the same (held-out round 72,
``contrib.learn.read_batch_examples``):

    def read_batch_examples(pattern, batch_size, reader, read_batch_size=1, ...):
        ...
        if read_batch_size > 1:                                  _, examples = reader().read(queue)
            _, examples = reader().read_up_to(queue, ...)   ->   ...
            enqueue_many = True                                  return tf.train.batch([examples], batch_size,
        else:                                                                          enqueue_many=False)
            _, examples = reader().read(queue)
            enqueue_many = False
        ...
        return tf.train.batch([examples], batch_size, enqueue_many=enqueue_many)

A batch reads ``enqueue_many`` (``allow_smaller_final_batch``, ``dynamic_pad``) when the graph is built, so the
rewrite must know it. Where the keyword's value is a name of a top-level function (no decorator) that is

- a parameter every use of the function in the tree calls directly (no ``*``/``**``) giving the same literal, or
  leaving it at its literal default, and that the function never binds again; or
- a local bound only by ``name = LITERAL`` statements: one in the function's own body, or one in each arm of an
  ``if`` of its own body whose test is such a parameter (``p``, ``not p``, ``p > 1``, ``p == 'x'``: one
  comparison with a literal), and read nowhere but as such keywords,

the literal is written at the keyword (the local's assignment, read nowhere else, goes), and that ``if`` (the
test's value known at every call) is replaced by the arm that runs: the same statements run, so the same program (a caller outside the tree giving another value is
not seen, as for ``reader_pools.fold_unset_params``). A name of a nested function or lambda, or bound any other
way, is left as it was (the batch's own note says why). ``tree.py`` keeps the result only where more pipelines
of the tree are then rewritten. Modules with no such keyword cost one regular-expression search.
"""

from __future__ import annotations

import operator
import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of

_FLAGS = ("enqueue_many", "allow_smaller_final_batch", "dynamic_pad")
_QUICK = re.compile(r"\b(?:enqueue_many|allow_smaller_final_batch|dynamic_pad)\s*=\s*(?!True\b|False\b)[A-Za-z_]")
_OPS = {cst.GreaterThan: operator.gt, cst.LessThan: operator.lt, cst.GreaterThanEqual: operator.ge,
        cst.LessThanEqual: operator.le, cst.Equal: operator.eq, cst.NotEqual: operator.ne}
_UNKNOWN = object()


def _literal(node: cst.BaseExpression | None) -> object:
    """The value of a literal ``node`` (a number, a string, ``True``/``False``/``None``, a negative number)."""
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return node.evaluated_value
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[node.value]
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and \
            isinstance(node.expression, (cst.Integer, cst.Float)):
        return -node.expression.evaluated_value
    return _UNKNOWN


def _flag_reads(fn: cst.FunctionDef) -> list[cst.Arg]:
    return [a for a in nodes_of(fn.body, cst.Arg) if a.keyword is not None and a.keyword.value in _FLAGS
            and isinstance(a.value, cst.Name) and a.value.value not in ("True", "False", "None")]


def _assigned_literal(stmt: cst.BaseStatement, name: str) -> cst.BaseExpression | None:
    """The literal of ``stmt`` when it is ``name = LITERAL``."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign):
        a = stmt.body[0]
        if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name) and a.targets[0].target.value == name \
                and _literal(a.value) is not _UNKNOWN:
            return a.value
    return None


class _Folder:
    """The folding of one module's top-level functions; ``sites(fn_name)`` gives the tree's uses of one."""

    def __init__(self, sites, parents_of):
        self.sites, self.parents_of = sites, parents_of
        self._values: dict[tuple[str, str], object] = {}

    def param_value(self, fn: cst.FunctionDef, name: str) -> object:
        """The literal every use of ``fn`` in the tree gives its parameter ``name``; ``_UNKNOWN`` otherwise."""
        key = (fn.name.value, name)
        if key not in self._values:
            self._values[key] = self._param_value(fn, name)
        return self._values[key]

    def _param_value(self, fn: cst.FunctionDef, name: str) -> object:
        params = list(fn.params.params)
        param = next((p for p in [*params, *fn.params.kwonly_params] if p.name.value == name), None)
        if param is None or any(isinstance(t.target, cst.Name) and t.target.value == name
                                for t in nodes_of(fn.body, cst.AssignTarget)) or \
                any(_binds(n, name) for n in nodes_of(fn.body, cst.CSTNode)):
            return _UNKNOWN
        position = params.index(param) if param in params else None
        sites = self.sites(fn.name.value)
        if not sites:
            return _UNKNOWN
        values = set()
        for path, node in sites:
            up = self.parents_of(path)
            call = up.get(id(node))
            if isinstance(call, cst.Attribute) and call.attr is node:
                node, call = call, up.get(id(call))
            if not isinstance(call, cst.Call) or call.func is not node or any(a.star for a in call.args):
                return _UNKNOWN
            given = None
            for i, arg in enumerate(call.args):
                if (arg.keyword is None and i == position) or (arg.keyword is not None and arg.keyword.value == name):
                    given = arg.value
            value = _literal(given if given is not None else param.default)
            if value is _UNKNOWN:
                return _UNKNOWN
            values.add((type(value), value))
        return next(iter(values))[1] if len(values) == 1 else _UNKNOWN

    def test_value(self, fn: cst.FunctionDef, test: cst.BaseExpression) -> object:
        """The truth of an ``if``'s test on a parameter of known value; ``_UNKNOWN`` where it is not one."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = self.test_value(fn, test.expression)
            return _UNKNOWN if inner is _UNKNOWN else not inner
        if isinstance(test, cst.Name):
            value = self.param_value(fn, test.value)
            return _UNKNOWN if value is _UNKNOWN else bool(value)
        if isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and len(test.comparisons) == 1:
            target = test.comparisons[0]
            op, right = _OPS.get(type(target.operator)), _literal(target.comparator)
            value = self.param_value(fn, test.left.value)
            if op is None or right is _UNKNOWN or value is _UNKNOWN:
                return _UNKNOWN
            try:
                return bool(op(value, right))
            except TypeError:
                return _UNKNOWN
        return _UNKNOWN

    def fold(self, fn: cst.FunctionDef) -> cst.FunctionDef | None:
        """``fn`` with each flag keyword read of a name of known literal written as that literal; None where none."""
        if fn.decorators or not isinstance(fn.body, cst.IndentedBlock):
            return None
        swaps: dict[int, cst.CSTNode] = {}
        for name in dict.fromkeys(a.value.value for a in _flag_reads(fn)):
            reads = [a for a in _flag_reads(fn) if a.value.value == name]
            if any(name in _names_of(n) for n in [*nodes_of(fn.body, cst.FunctionDef), *nodes_of(fn.body, cst.Lambda),
                                                   *nodes_of(fn.body, cst.ClassDef)]):
                continue
            if any(p.name.value == name for p in [*fn.params.params, *fn.params.kwonly_params]):
                value = self.param_value(fn, name)
                node = None if value is _UNKNOWN else _node_of(value)
                if node is not None:
                    swaps.update({id(a.value): node for a in reads})
                continue
            found = self._local(fn, name, len(reads))
            if found is None or any(k in swaps for k in found[0]):
                continue
            blocks, node = found
            swaps.update(blocks)
            swaps.update({id(a.value): node for a in reads})
        if not swaps:
            return None
        return fn.visit(_Swap(swaps))

    def _local(self, fn, name, reads):
        """({id(block): the block with the ``if`` setting ``name`` folded}, the literal) where ``name`` is such a
        local (its block: the function's own, or one of a ``with`` / ``if`` / loop in it)."""
        keywords = {id(a.keyword) for a in nodes_of(fn.body, cst.Arg) if a.keyword is not None}
        total = sum(1 for n in nodes_of(fn.body, cst.Name) if n.value == name and id(n) not in keywords)
        if any(_binds(n, name) for n in nodes_of(fn.body, cst.CSTNode)):
            return None
        blocks = [b for b in nodes_of(fn.body, cst.IndentedBlock)]
        direct = [(b, i, v) for b in blocks for i, s in enumerate(b.body)
                  if (v := _assigned_literal(s, name)) is not None]
        if len(direct) == 1 and total == reads + 1:  # (read only at the keywords: the assignment goes)
            block, i, value = direct[0]
            return {id(block.body[i]): cst.RemovalSentinel.REMOVE}, value
        arms = [(b, i) for b in blocks for i, s in enumerate(b.body) if isinstance(s, cst.If)
                and isinstance(s.orelse, cst.Else) and isinstance(s.body, cst.IndentedBlock)
                and isinstance(s.orelse.body, cst.IndentedBlock)
                and any(_assigned_literal(x, name) is not None for x in [*s.body.body, *s.orelse.body.body])]
        if len(direct) != 2 or len(arms) != 1 or total != reads + 2:
            return None
        block, i = arms[0]
        stmt = block.body[i]
        if name in _names_of(stmt.test):
            return None
        sets = [[v for s in arm.body if (v := _assigned_literal(s, name)) is not None]
                for arm in (stmt.body, stmt.orelse.body)]
        if any(len(s) != 1 for s in sets):
            return None
        truth = self.test_value(fn, stmt.test)
        if truth is _UNKNOWN:
            return None
        taken = [s for s in (stmt.body if truth else stmt.orelse.body).body if _assigned_literal(s, name) is None]
        if not taken:
            taken = [cst.SimpleStatementLine([cst.Pass()])]
        taken[0] = taken[0].with_changes(leading_lines=[*stmt.leading_lines, *taken[0].leading_lines])
        new = block.with_changes(body=[*block.body[:i], *taken, *block.body[i + 1:]])
        return {id(block): new}, sets[0 if truth else 1][0]


def _names_of(node: cst.CSTNode) -> set[str]:
    return {n.value for n in nodes_of(node, cst.Name)}


def _binds(node: cst.CSTNode, name: str) -> bool:
    """``node`` binds ``name`` other than by a plain assignment (``for``, ``with``, augmented, ``global``...)."""
    if isinstance(node, cst.AugAssign | cst.AnnAssign):
        return isinstance(node.target, cst.Name) and node.target.value == name
    if isinstance(node, cst.For | cst.CompFor):
        return name in _names_of(node.target)
    if isinstance(node, cst.AsName):
        return name in _names_of(node.name)
    if isinstance(node, cst.Global | cst.Nonlocal):
        return any(n.name.value == name for n in node.names)
    if isinstance(node, cst.NamedExpr):
        return name in _names_of(node.target)
    return False


def _node_of(value: object) -> cst.BaseExpression | None:
    if isinstance(value, bool) or value is None:
        return cst.Name(repr(value))
    return None  # (the flags are booleans: another value is left to the batch's own note)


class _Swap(cst.CSTTransformer):
    def __init__(self, swaps):
        self.swaps = swaps

    def on_leave(self, original, updated):
        new = self.swaps.get(id(original))
        if new is None:
            return updated
        if new is cst.RemovalSentinel.REMOVE:  # (the local's one assignment, read nowhere now)
            return new
        if isinstance(new, cst.IndentedBlock):  # (a block with its ``if`` folded: the reads in it swapped too)
            return new.visit(_Swap({k: v for k, v in self.swaps.items() if k != id(original)}))
        return new.deep_clone()


def fold_flag_locals(texts: dict[str, str], root: str) -> dict[str, str] | None:
    """``texts`` with each batch flag keyword of a top-level function reading a name of known literal written as
    that literal (the ``if`` setting it folded to the arm that runs); None where nothing changed."""
    if not any(_QUICK.search(t) for t in texts.values()):
        return None
    from tfdata_bridge._src.migrate.handed_copies import _Tree
    from tfdata_bridge._src.migrate.queue_size import parents

    tree = _Tree(texts, root)

    def parents_of(path):
        return parents(tree.modules[path])  # (kept per module by ``parents`` itself)

    out = dict(texts)
    for path, text in texts.items():
        if not _QUICK.search(text) or path not in tree.modules:
            continue
        module = tree.modules[path]
        folder = _Folder(lambda name, path=path: tree.sites(path, name), parents_of)
        new_body, changed = [], False
        for stmt in module.body:
            if isinstance(stmt, cst.FunctionDef) and _QUICK.search(module.code_for_node(stmt)):
                folded = folder.fold(stmt)
                if folded is not None:
                    stmt, changed = folded, True
            new_body.append(stmt)
        if changed:
            out[path] = module.with_changes(body=new_body).code
    return out if out != texts else None
