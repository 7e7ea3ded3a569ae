"""Qualified names with Python's own ``ast``, in one linear pass: what ``scan`` and ``migrate --to compat`` use.

A name means what its nearest enclosing scope binds it to (Python's rules: a function's own names, then the
enclosing functions', skipping class bodies, then the module's; ``global`` and ``nonlocal`` respected), and
within that scope, what the bindings that can reach the use give it:

- walking back from the use, the bindings before it count, up to and including the first one that stands
  in a block enclosing the use (it always runs before the use); so ``tf = object()`` after
  ``import tensorflow as tf`` ends the import's meaning, while an import in ``try:`` and another in
  ``except ImportError:`` both count. A use in a function defined in the scope runs later: it sees the
  bindings at the end of the scope. A use with no binding before it (a loop) sees them all.
- a binding is an import (``tensorflow.compat.v1``), a star import (``from tensorflow import *`` binds every
  name ``N`` to ``tensorflow.N``), an assignment of a name or chain (``v1 = tf.compat.v1`` means what its
  right side means; ``sv = tf.train.Supervisor(...)`` means ``tensorflow.train.Supervisor()``, a call's
  result), or anything else (a ``def``, a loop variable, ``tf = object()``), which means nothing imported.
- a chain ``a.b().c`` means the root's meaning plus the rest (``()`` for a call). A name standing alone
  means only what an import gave it (``make = tf.train.batch; make(...)`` is one use of ``train.batch``,
  where it is named, not two).

Every node is looked at a bounded number of times (each binding's meaning is computed once), so the time
is linear in the size of the file: a name assigned 100,000 times costs what 100,000 names cost.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
Block = tuple[int, ...]  # ids of the statement lists enclosing a node, outermost first


@dataclass
class Binding:
    pos: tuple[int, int]  # (line, column) where the binding happens
    block: Block
    kind: str  # "import", "star", "alias" (value is an expression), "other"
    names: frozenset[str] = frozenset()  # for imports: the qualified name(s); for stars: the module
    value: ast.expr | None = None  # for aliases
    scope: _Scope | None = None


@dataclass
class _Scope:
    node: ast.AST
    parent: _Scope | None
    bindings: dict[str, list[Binding]] = field(default_factory=dict)  # in source order
    stars: list[Binding] = field(default_factory=list)
    globals: set[str] = field(default_factory=set)
    nonlocals: set[str] = field(default_factory=set)
    top: Block = ()  # the block of the scope's own body
    merged: dict[str, list[Binding]] = field(default_factory=dict)  # a name's bindings and the star imports

    @property
    def is_class(self) -> bool:
        return isinstance(self.node, ast.ClassDef)

    @property
    def deferred(self) -> bool:
        """Its body runs later than the code around it (a function), not in place (a class, a comprehension)."""
        return isinstance(self.node, _FUNCTIONS)

    def binds(self, name: str) -> bool:
        return (name in self.bindings or bool(self.stars)) and name not in self.nonlocals


def _pos(node: ast.AST) -> tuple[int, int]:
    return (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))


def _end(node: ast.AST) -> tuple[int, int]:
    """Where a statement's binding takes effect: after its right side is evaluated."""
    return (getattr(node, "end_lineno", 0) or 0, getattr(node, "end_col_offset", 0) or 0)


class _Binder(ast.NodeVisitor):
    """Collects each scope's bindings and, for every Name, the scope and block it is evaluated in."""

    def __init__(self, module: ast.Module) -> None:
        self.module_scope = _Scope(module, None)
        self.scope = self.module_scope
        self.scopes = [self.module_scope]
        self.block: Block = ()
        self.where: dict[int, tuple[_Scope, Block]] = {}  # id(Name) -> (scope, block)

    def _bind(self, name: str, node: ast.AST, kind: str = "other", names: frozenset[str] = frozenset(),
              value: ast.expr | None = None, scope: _Scope | None = None) -> None:
        scope = scope or self.scope
        if name in scope.globals:
            scope = self.module_scope
        pos = _end(node) if isinstance(node, (ast.stmt, ast.NamedExpr)) else _pos(node)
        scope.bindings.setdefault(name, []).append(Binding(pos, self.block, kind, names, value, scope))

    def _body(self, owner: ast.AST, stmts: list[ast.stmt], tag: int = 0) -> None:
        outer = self.block
        self.block = (*outer, id(stmts) ^ tag)
        if owner is self.scope.node:
            self.scope.top = self.block
        for stmt in stmts:
            self.visit(stmt)
        self.block = outer

    def generic_visit(self, node: ast.AST) -> None:
        for name, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self._body(node, value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST):
                self.visit(value)

    def visit_Constant(self, node: ast.Constant) -> None:
        pass  # nothing to bind or resolve (and ast.NodeVisitor's own looks for visit_Num & co. first)

    def _new_scope(self, node: ast.AST) -> _Scope:
        scope = _Scope(node, self.scope)
        self.scopes.append(scope)
        return scope

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        args = node.args
        for default in [*args.defaults, *(d for d in args.kw_defaults if d is not None)]:
            self.visit(default)  # defaults are evaluated where the function is defined
        if not isinstance(node, ast.Lambda):
            for deco in node.decorator_list:
                self.visit(deco)
            for ann in [a.annotation for a in [*args.posonlyargs, *args.args, *args.kwonlyargs] if a.annotation]:
                self.visit(ann)
            if node.returns is not None:
                self.visit(node.returns)
        outer, outer_block = self.scope, self.block
        self.scope = self._new_scope(node)
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if a is not None:
                self._bind(a.arg, a)
        if isinstance(node, ast.Lambda):
            self.visit(node.body)
        else:
            self._body(node, node.body)
        self.scope, self.block = outer, outer_block
        if not isinstance(node, ast.Lambda):
            self._bind(node.name, node)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for child in [*node.decorator_list, *node.bases, *node.keywords]:
            self.visit(child)
        outer = self.scope
        self.scope = self._new_scope(node)
        self._body(node, node.body)
        self.scope = outer
        self._bind(node.name, node)

    def _comprehension(self, node) -> None:
        first, *rest = node.generators
        self.visit(first.iter)  # the first iterable is evaluated outside
        outer = self.scope
        self.scope = self._new_scope(node)
        self.visit(first.target)
        for cond in first.ifs:
            self.visit(cond)
        for gen in rest:
            self.visit(gen)
        for part in ([node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]):
            self.visit(part)
        self.scope = outer

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension

    def visit_Name(self, node: ast.Name) -> None:
        self.where[id(node)] = (self.scope, self.block)
        if not isinstance(node.ctx, ast.Load):
            self._bind(node.id, node)

    def _assign(self, targets: list[ast.expr], value: ast.expr | None, node: ast.stmt) -> None:
        if value is not None:
            self.visit(value)
        for target in targets:
            if isinstance(target, ast.Name) and value is not None:
                self.where[id(target)] = (self.scope, self.block)
                self._bind(target.id, node, "alias", value=value)
            else:
                self.visit(target)

    def visit_Assign(self, node: ast.Assign) -> None:
        self._assign(node.targets, node.value, node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.visit(node.annotation)
        self._assign([node.target], node.value, node)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.visit(node.value)
        scope = self.scope
        while isinstance(scope.node, _COMPREHENSIONS) and scope.parent:
            scope = scope.parent  # the walrus binds in the enclosing function
        self.where[id(node.target)] = (self.scope, self.block)
        self._bind(node.target.id, node, scope=scope)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            name = alias.asname or alias.name.split(".")[0]
            qualified = alias.name if alias.asname else alias.name.split(".")[0]
            self._bind(name, node, "import", frozenset({qualified}))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            absolute = node.level == 0 and node.module
            if alias.name == "*":
                if absolute:
                    self.scope.stars.append(Binding(_end(node), self.block, "star", frozenset({node.module}),
                                                    scope=self.scope))
                continue
            name = alias.asname or alias.name
            if absolute:
                self._bind(name, node, "import", frozenset({f"{node.module}.{alias.name}"}))
            else:
                self._bind(name, node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.visit(node.value)
        if isinstance(node.target, ast.Name):
            self.where[id(node.target)] = (self.scope, self.block)
            self._bind(node.target.id, node)
        else:
            self.visit(node.target)

    def visit_Global(self, node: ast.Global) -> None:
        self.scope.globals.update(node.names)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> None:
        self.scope.nonlocals.update(node.names)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.type is not None:
            self.visit(node.type)
        outer = self.block
        self.block = (*outer, id(node))  # bound only when the handler runs
        if node.name:
            self._bind(node.name, node)
        self._body(node, node.body)
        self.block = outer

    def visit_MatchAs(self, node) -> None:
        if node.name:
            self._bind(node.name, node)
        self.generic_visit(node)

    def visit_MatchStar(self, node) -> None:
        if node.name:
            self._bind(node.name, node)

    def visit_MatchMapping(self, node) -> None:
        if node.rest:
            self._bind(node.rest, node)
        self.generic_visit(node)


def walk(node: ast.AST) -> list[ast.AST]:
    """Every node under ``node``, ``node`` first (what ``ast.walk`` yields, in another order, about twice as
    fast: no generators; a whole module is walked)."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        out.append(n)
        for name in n._fields:
            value = getattr(n, name, None)
            if isinstance(value, list):
                stack += [x for x in reversed(value) if isinstance(x, ast.AST)]
            elif isinstance(value, ast.AST):
                stack.append(value)
    return out


def _encloses(outer: Block, inner: Block) -> bool:
    return inner[: len(outer)] == outer


class Resolver:
    """The qualified names of names and chains in one module (``names_of``)."""

    def __init__(self, tree: ast.Module) -> None:
        self.binder = _Binder(tree)
        self.binder.visit(tree)
        self._values: dict[int, frozenset[str]] = {}  # id(Binding) -> its meaning, computed once
        self._busy: set[int] = set()
        self._interesting: set[str] | None = None
        interesting = self.interesting()
        aliases = []
        for scope in self.binder.scopes:
            for name, bindings in scope.bindings.items():
                bindings.sort(key=lambda b: b.pos)  # nearly sorted already: linear
                if name in interesting:
                    aliases += [(b.pos, name, b) for b in bindings if b.kind == "alias"]
        # each assignment's meaning in source order, so the one before it is known: `x = x.y` a hundred
        # thousand times resolves one step at a time, never by recursing through all of them (the names no
        # import reaches mean nothing: never asked)
        for _, name, b in sorted(aliases, key=lambda a: a[0]):
            self._meaning(b, name)

    def interesting(self) -> set[str]:
        """The names that can mean something imported: bound by an import (or any name, where a star import
        is), or assigned from a name that can."""
        if self._interesting is None:
            self._interesting = self._find_interesting()
        return self._interesting

    def _find_interesting(self) -> set[str]:
        if any(scope.stars for scope in self.binder.scopes):
            return _ANY
        found: set[str] = set()
        fed_by: dict[str, set[str]] = {}  # root name of an assignment's value -> the names it assigns
        for scope in self.binder.scopes:
            for name, bindings in scope.bindings.items():
                for b in bindings:
                    if b.kind == "import":
                        found.add(name)
                    elif b.kind == "alias" and b.value is not None:
                        root = b.value
                        while isinstance(root, (ast.Attribute, ast.Call)):
                            root = root.value if isinstance(root, ast.Attribute) else root.func
                        if isinstance(root, ast.Name):
                            fed_by.setdefault(root.id, set()).add(name)
        todo = list(found)
        while todo:
            for name in fed_by.pop(todo.pop(), ()):
                if name not in found:
                    found.add(name)
                    todo.append(name)
        return found

    def _reaching(self, scope: _Scope, name: str, pos: tuple[int, int] | None, block: Block) -> list[Binding]:
        """The bindings of ``name`` in ``scope`` that can reach a use at ``pos`` (None: the scope's end)."""
        candidates = scope.bindings.get(name, [])
        if scope.stars:
            if name not in scope.merged:
                scope.merged[name] = sorted([*candidates, *scope.stars], key=lambda b: b.pos)
            candidates = scope.merged[name]
        if pos is None:
            before, block = candidates, scope.top
        else:
            before = candidates[: _count_before(candidates, pos)]
            if not before:
                return candidates  # used before any binding (a loop): every binding may reach it
        out = []
        for b in reversed(before):
            out.append(b)
            # a star import rebinds a name only where its module defines it, which one module cannot tell:
            # ``import tensorflow as tf`` then ``from os.path import *`` keeps ``tf`` (and its use a finding)
            if _encloses(b.block, block) and b.kind != "star":
                break
        return out

    def _meaning(self, b: Binding, name: str) -> frozenset[str]:
        if b.kind == "import":
            return b.names
        if b.kind == "star":
            return frozenset(f"{m}.{name}" for m in b.names)
        if b.kind != "alias" or b.value is None:
            return frozenset()
        key = id(b)
        if key in self._values:
            return self._values[key]
        if key in self._busy:
            return frozenset()
        self._busy.add(key)
        try:
            value = frozenset(self.names_of(b.value, chains_only=False, aliases=True))
        except RecursionError:  # a chain of forward references (uses before their bindings, in loops)
            value = frozenset()
        self._busy.discard(key)
        self._values[key] = value
        return value

    def name_meaning(self, node: ast.Name, aliases: bool) -> set[str]:
        """What a Name means where it stands: through imports only, or also through assignments."""
        scope, block = self.binder.where.get(id(node), (self.binder.module_scope, ()))
        name = node.id
        pos: tuple[int, int] | None = _pos(node)
        if name in scope.globals and scope is not self.binder.module_scope:
            scope, pos, block = self.binder.module_scope, None, ()  # the function runs after the module
        first = True
        while scope is not None:
            if (first or not scope.is_class) and scope.binds(name):
                out: set[str] = set()
                for b in self._reaching(scope, name, pos, block):
                    if b.kind == "alias" and not aliases:
                        continue
                    out |= self._meaning(b, name)
                return out
            if scope.deferred:
                pos, block = None, ()  # the enclosing scopes' code has run by the time this one runs
            first = False
            scope = scope.parent
        return set()

    def is_bound(self, node: ast.Name) -> bool:
        """Whether the module binds the name where it stands (a parameter, an assignment, an import): not the
        builtin of that name."""
        scope, _ = self.binder.where.get(id(node), (self.binder.module_scope, ()))
        first = True
        while scope is not None:
            if (first or not scope.is_class) and (scope.binds(node.id) or node.id in scope.globals):
                return True
            first = False
            scope = scope.parent
        return False

    def names_of(self, node: ast.expr, chains_only: bool = True, aliases: bool = True) -> set[str]:
        """The qualified names of a Name, or of a chain of attributes and calls over a Name; empty otherwise.
        A Name alone counts only through imports unless ``chains_only`` is False."""
        parts: list[str] = []
        inner = node
        while True:
            if isinstance(inner, ast.Attribute):
                parts.append(inner.attr)
                inner = inner.value
            elif isinstance(inner, ast.Call):
                parts.append("()")
                inner = inner.func
            else:
                break
        if not isinstance(inner, ast.Name):
            return set()
        roots = self.name_meaning(inner, aliases=aliases and (bool(parts) or not chains_only))
        if not parts:
            return roots
        rest = _join(reversed(parts))
        return {r + rest for r in roots}


class _Everything(set):
    def __contains__(self, item: object) -> bool:
        return True


_ANY = _Everything()


def _count_before(bindings: list[Binding], pos: tuple[int, int]) -> int:
    lo, hi = 0, len(bindings)
    while lo < hi:  # bindings are in source order: a binary search keeps each lookup logarithmic
        mid = (lo + hi) // 2
        if bindings[mid].pos < pos:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _join(parts) -> str:
    return "".join(p if p == "()" else f".{p}" for p in parts)


def chain_text(node: ast.expr) -> str | None:
    """``tf.train.Supervisor().start`` for a chain of names, attributes and calls; None for anything else."""
    parts: list[str] = []
    inner = node
    while isinstance(inner, (ast.Attribute, ast.Call)):
        if isinstance(inner, ast.Attribute):
            parts.append(inner.attr)
            inner = inner.value
        else:
            parts.append("()")
            inner = inner.func
    if not isinstance(inner, ast.Name):
        return None
    return inner.id + _join(reversed(parts))


def references(tree: ast.Module, resolver: Resolver | None = None,
               nodes: list[ast.AST] | None = None) -> Iterator[tuple[ast.expr, set[str]]]:
    """Each name, attribute chain and call chain that means something imported, with its qualified names,
    outermost first (a caller that matches a chain need not look at its inner parts: ``inner_of``).
    ``nodes``: ``walk(tree)``, where the caller has it already."""
    resolver = resolver or Resolver(tree)
    interesting = resolver.interesting()
    for node in walk(tree) if nodes is None else nodes:
        if isinstance(node, (ast.Attribute, ast.Name)) or (isinstance(node, ast.Call)
                                                           and isinstance(node.func, (ast.Attribute, ast.Name))):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                continue
            root = node
            while isinstance(root, (ast.Attribute, ast.Call)):
                root = root.value if isinstance(root, ast.Attribute) else root.func
            if not isinstance(root, ast.Name) or root.id not in interesting:
                continue  # bound by nothing an import can reach: no qualified name to look up
            names = resolver.names_of(node)
            if names:
                yield node, names


def imported_references(tree: ast.Module) -> Iterator[tuple[ast.expr, set[str]]]:
    """``references`` without call chains (kept for callers that match names and attributes only)."""
    for node, names in references(tree):
        if not isinstance(node, ast.Call):
            yield node, names


def inner_of(node: ast.expr) -> Iterator[ast.expr]:
    """The names, attributes and calls inside a chain (``tf.train`` and ``tf`` inside ``tf.train.batch``)."""
    inner = node
    while isinstance(inner, (ast.Attribute, ast.Call)):
        inner = inner.value if isinstance(inner, ast.Attribute) else inner.func
        yield inner
