"""Qualified names with Python's own ``ast``: what ``scan`` uses, about ten times faster than libcst's
``QualifiedNameProvider`` (whose scope analysis is most of a scan's time) and meaning the same.

A name means what its nearest enclosing scope binds it to (Python's rules: a function's own names, then the
enclosing functions', skipping class bodies, then the module's; ``global`` and ``nonlocal`` respected).
As with libcst, every binding of the name in that scope counts, wherever it stands in the scope, so an
import the scope also reassigns still counts. A chain ``a.b.c`` built of names and attributes means the
root's import plus the rest. ``tests/test_scan.py`` checks this against libcst over a corpus.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)


@dataclass
class _Scope:
    node: ast.AST
    parent: _Scope | None
    imports: dict[str, set[str]] = field(default_factory=dict)  # name -> qualified names it is imported as
    bound: set[str] = field(default_factory=set)  # every name bound here (imports included)
    globals: set[str] = field(default_factory=set)
    nonlocals: set[str] = field(default_factory=set)

    @property
    def is_class(self) -> bool:
        return isinstance(self.node, ast.ClassDef)


class _Binder(ast.NodeVisitor):
    """Collects each scope's bindings; ``scope_of`` maps every node to the scope it is evaluated in."""

    def __init__(self, module: ast.Module) -> None:
        self.module_scope = _Scope(module, None)
        self.scope_of: dict[int, _Scope] = {}
        self.scope = self.module_scope

    def _bind(self, name: str) -> None:
        self.scope.bound.add(name)

    def generic_visit(self, node: ast.AST) -> None:
        self.scope_of[id(node)] = self.scope
        super().generic_visit(node)

    def _enter(self, node: ast.AST, body: list[ast.AST]) -> None:
        outer = self.scope
        self.scope = _Scope(node, outer)
        self.scope_of[id(node)] = outer
        for child in body:
            self.visit(child)
        self.scope = outer

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        args = node.args
        for default in [*args.defaults, *(d for d in args.kw_defaults if d is not None)]:
            self.visit(default)  # defaults are evaluated where the function is defined
        if not isinstance(node, ast.Lambda):
            for deco in node.decorator_list:
                self.visit(deco)
            self._bind(node.name)
            for ann in [a.annotation for a in [*args.posonlyargs, *args.args, *args.kwonlyargs] if a.annotation]:
                self.visit(ann)
            if node.returns is not None:
                self.visit(node.returns)
        outer = self.scope
        self.scope = _Scope(node, outer)
        self.scope_of[id(node)] = outer
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if a is not None:
                self._bind(a.arg)
        for child in ([node.body] if isinstance(node, ast.Lambda) else node.body):
            self.visit(child)
        self.scope = outer

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for child in [*node.decorator_list, *node.bases, *node.keywords]:
            self.visit(child)
        self._bind(node.name)
        self._enter(node, node.body)

    def _comprehension(self, node) -> None:
        first, *rest = node.generators
        self.visit(first.iter)  # the first iterable is evaluated outside
        outer = self.scope
        self.scope = _Scope(node, outer)
        self.scope_of[id(node)] = outer
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
        self.scope_of[id(node)] = self.scope
        if not isinstance(node.ctx, ast.Load):
            self._bind(node.id)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        scope = self.scope
        while isinstance(scope.node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) and scope.parent:
            scope = scope.parent  # the walrus binds in the enclosing function
        scope.bound.add(node.target.id)
        self.scope_of[id(node.target)] = self.scope
        self.visit(node.value)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            name = alias.asname or alias.name.split(".")[0]
            qualified = alias.name if alias.asname else alias.name.split(".")[0]
            self.scope.imports.setdefault(name, set()).add(qualified)
            self._bind(name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name == "*":
                continue
            name = alias.asname or alias.name
            if node.level == 0 and node.module:
                self.scope.imports.setdefault(name, set()).add(f"{node.module}.{alias.name}")
            self._bind(name)

    def visit_Global(self, node: ast.Global) -> None:
        self.scope.globals.update(node.names)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> None:
        self.scope.nonlocals.update(node.names)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.name:
            self._bind(node.name)
        self.generic_visit(node)

    def visit_MatchAs(self, node) -> None:
        if node.name:
            self._bind(node.name)
        self.generic_visit(node)

    def visit_MatchStar(self, node) -> None:
        if node.name:
            self._bind(node.name)

    def visit_MatchMapping(self, node) -> None:
        if node.rest:
            self._bind(node.rest)
        self.generic_visit(node)


def _lookup(scope: _Scope, name: str, module_scope: _Scope) -> set[str]:
    """The qualified names ``name`` is imported as, seen from ``scope`` (empty when it is not an import)."""
    if name in scope.globals:
        scope = module_scope
    first = True
    while scope is not None:
        if (first or not scope.is_class) and name in scope.bound and name not in scope.nonlocals:
            return scope.imports.get(name, set())
        first = False
        scope = scope.parent
    return set()


def imported_references(tree: ast.Module) -> Iterator[tuple[ast.expr, set[str]]]:
    """Each outermost name or attribute chain with the qualified names it has through imports, in source
    order; a caller that matches a chain need not look at its inner parts (``inner_of``)."""
    binder = _Binder(tree)
    binder.visit(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Attribute):
            parts = []
            inner: ast.expr = node
            while isinstance(inner, ast.Attribute):
                parts.append(inner.attr)
                inner = inner.value
            if isinstance(inner, ast.Name):
                scope = binder.scope_of.get(id(inner), binder.module_scope)
                roots = _lookup(scope, inner.id, binder.module_scope)
                if roots:
                    rest = ".".join(reversed(parts))
                    yield node, {f"{r}.{rest}" for r in roots}
        elif isinstance(node, ast.Name):
            scope = binder.scope_of.get(id(node), binder.module_scope)
            roots = _lookup(scope, node.id, binder.module_scope)
            if roots:
                yield node, roots


def inner_of(node: ast.expr) -> Iterator[ast.expr]:
    """The names and attributes inside a chain (``tf.train`` and ``tf`` inside ``tf.train.batch``)."""
    inner = node
    while isinstance(inner, ast.Attribute):
        inner = inner.value
        yield inner
