"""Reader arguments of a helper in another module that use that module's own names.

    # fixedrec_lib/cifar_input.py                      # the caller
    HEADER_BYTES = 4                                   from fixedrec_lib import cifar_input
    def read_fixed(filename_queue):                    read_input = cifar_input.read_fixed(filename_queue)
        reader = tf.FixedLengthRecordReader(
            record_bytes=FIELD_BYTES * 2, header_bytes=HEADER_BYTES)

The rewrite builds the reader's dataset where the helper was called, so those arguments are evaluated there.
A name free in the helper is a global of its module (or a builtin): at the moment of the call the helper would
have read the module's global, and ``cifar_input.HEADER_BYTES`` read at the call site at that same moment is the
same object. So each such name is reached through the module the call already names. A builtin stays as it is
where the call site does not bind the name itself.

A helper imported by name (``from fixedrec_lib.cifar_input import read_fixed``) has no module expression at the call
site. A name its module binds once, by a top-level statement, holds after the import the one value the helper would
read: a plain literal (``HEADER_BYTES = 4``) is written as that literal; any other value (``RECORD_BYTES =
LABEL_BYTES + SAMPLES * 2``, a function) is imported into the caller's module beside the helper (``from
fixedrec_lib.cifar_input import RECORD_BYTES``, ``... as RECORD_BYTES_1`` where the caller's module spells that name
already), the import added only where the rewritten module reads it (``ByName.imports``). A name some module of the
program may set as the module's attribute (``record.FILE_PATH = path`` before the call) is read through the module
itself, imported into the caller's (``from lane_lib import record``; ``record.FILE_PATH``), where and when the call
read it. Refused: a name bound more than once or inside a block (a function's ``global``, an ``if``: which value the
call sees is decided at run time), a helper the caller imports other than from its own module (a package's
re-export).
"""

from __future__ import annotations

import builtins
import re
from contextvars import ContextVar

import libcst as cst
from libcst.metadata import BuiltinScope, GlobalScope

from tfdata_bridge._src.migrate.calls import Refusal, code_of, fresh_name, names_in, nodes_of


def through_module(args: dict[str, cst.BaseExpression], call_names: set[str], home, fn: cst.FunctionDef,
                   module_ref: str | None, here, named: ByName | None = None) -> dict[str, cst.BaseExpression]:
    """``args`` (reader or file-queue arguments resolved as the call site reads them) with each name that is not
    one of the call's own (``call_names``) reached through ``module_ref``; ``home``/``here``: the ``Scopes`` of the
    helper's module and of the call site (``here`` is ``(scopes, statement)``); ``named``: how a helper imported by
    name reaches its module's names (``by_name``). ``Refusal`` where not provable."""
    helper = fn.name.value
    inner = fn.body.body[0] if isinstance(fn.body, cst.IndentedBlock) and fn.body.body else fn
    scope = home.scope(inner)
    site_scopes, site = here
    site_scope = site_scopes.scope(site)
    out: dict[str, cst.BaseExpression] = {}
    for k, v in args.items():
        qualify: set[str] = set()
        values: dict[str, cst.BaseExpression] = {}
        own = {n for comp in nodes_of(v, cst.CompFor) for n in names_in(comp.target)}  # (``[f(n) for n in ns]``)
        for name in sorted(names_in(v) - call_names):
            found = list(scope[name]) if scope is not None else []
            if not found and name in own:
                continue  # a comprehension's own variable, bound nowhere in the helper's scope
            if found and all(isinstance(a.scope, GlobalScope) for a in found):
                if fn.decorators and module_ref is not None:  # (a static method called through its class: ``module_ref`` is the class)
                    raise Refusal(f"the reader's `{k}` in `{helper}` uses `{name}` of its own module, and `{helper}` "
                                  f"is a static method called through its class (`{module_ref}.{helper}`), which "
                                  f"does not reach its module's `{name}`")
                if module_ref is None and named is not None:
                    values[name] = named.reach(name, found, k)
                    continue
                if module_ref is None:
                    raise Refusal(f"the reader's `{k}` in `{helper}` uses `{name}` of its own module, and `{helper}` "
                                  "is imported by name: call it through its module (`from PACKAGE import MODULE`; "
                                  f"`MODULE.{helper}(...)`) so the rewrite can reach `MODULE.{name}`")
                qualify.add(name)
            elif found and hasattr(builtins, name) and all(isinstance(a.scope, BuiltinScope) for a in found) and \
                    site_scope is not None and all(isinstance(a.scope, BuiltinScope) for a in site_scope[name]):
                continue  # a builtin, not shadowed where the dataset is built
            else:
                raise Refusal(f"the reader's `{k}` in `{helper}` uses `{name}`, which is not a global of its module "
                              "that the call site can reach")
        out[k] = v.visit(_Qualify(qualify, module_ref)) if qualify else v
        out[k] = out[k].visit(_Qualify(set(values), None, values)) if values else out[k]
    return out


# the texts of the tree being rewritten (``tree._rewrite_tree``): a module constant a helper reads is taken at
# import time only where no module of the tree may assign it later (``features.LABEL_BYTES = 2``)
TREE_TEXTS: ContextVar[tuple[str, ...]] = ContextVar("tree_texts", default=())


def _assigned_elsewhere(name: str, texts) -> bool:
    """Whether any of ``texts`` may set ``name`` as another object's attribute (``mod.NAME = ...``, ``+=``, a
    ``setattr``, a ``globals()`` write): then the value a call reads is known only when it runs."""
    pattern = re.compile(rf"\.\s*{re.escape(name)}\s*(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)")
    return any(pattern.search(t) or "setattr(" in t or "globals()" in t for t in texts)


class ByName:
    """How the call site of a helper imported by name (``from PKG.MODULE import helper``) reads a name of the
    helper's module: its literal, or an import of it added to the call site's module (``imports``: import text ->
    the name it binds, kept by the call site's Finder for the whole module, added where the result reads it)."""

    def __init__(self, finder, source: str, home_module: cst.Module, home_scopes, helper: str) -> None:
        self.finder, self.source, self.home_module, self.home_scopes, self.helper = \
            finder, source, home_module, home_scopes, helper

    def reach(self, name: str, found, arg: str) -> cst.BaseExpression:
        node = found[0].node if len(found) == 1 else None
        top = None if node is None else next(
            (s for s in self.home_module.body if s is node or isinstance(s, cst.SimpleStatementLine) and
             (any(b is node for b in s.body) or self.home_scopes.owners.get(id(node)) is s)), None)
        if top is None:
            raise Refusal(f"the reader's `{arg}` in `{self.helper}` uses `{name}` of its own module, which is bound "
                          "there more than once or inside a block, so which value the call reads is known only "
                          f"when it runs; and `{self.helper}` is imported by name, so no module expression reaches "
                          "it")
        texts = TREE_TEXTS.get() or (code_of(self.finder.module), code_of(self.home_module))
        if _assigned_elsewhere(name, texts):  # (``record.FILE_PATH = ...`` before the call: read as it runs)
            return self._through_module(name)
        small = top.body[0] if isinstance(top, cst.SimpleStatementLine) and len(top.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Name) and _literal(small.value):
            return small.value.deep_clone()  # (``LABEL_BYTES = 1``: the value itself)
        already = self._imported(name)
        if already is not None:  # (the caller's module imports it itself: ``from PKG.MODULE import NAME``)
            return cst.Name(already)
        imports = self.finder.by_name_imports
        text = f"from {self.source} import {name}"
        bound = next((b for t, b in imports.items() if t == text or t.startswith(text + " as ")), None)
        if bound is None:
            taken = names_in(self.finder.module) | set(imports.values())
            bound = name if name not in taken else fresh_name(name, taken)
            imports[text if bound == name else f"{text} as {bound}"] = bound
        return cst.Name(bound)

    def _through_module(self, name: str) -> cst.BaseExpression:
        """``MODULE.name``, ``MODULE`` the helper's module imported into the caller's (``from PKG import
        MODULE``): a name a module of the program may set as the module's attribute is read where the call was,
        at the moment of the call, from the module object the helper would have read it from."""
        dots = len(self.source) - len(self.source.lstrip("."))
        rest = self.source[dots:]
        package, _, module = rest.rpartition(".")
        text = f"from {'.' * dots}{package} import {module}" if package or dots else f"import {module}"
        already = self._imported(module, f"{'.' * dots}{package}") if package or dots else None
        if already is not None:  # (the caller's module imports the module itself: ``from PKG import MODULE``)
            return cst.Attribute(cst.Name(already), cst.Name(name))
        imports = self.finder.by_name_imports
        bound = next((b for t, b in imports.items() if t == text or t.startswith(text + " as ")), None)
        if bound is None:
            taken = names_in(self.finder.module) | set(imports.values())
            bound = module if module not in taken else fresh_name(module, taken)
            imports[text if bound == module else f"{text} as {bound}"] = bound
        return cst.Attribute(cst.Name(bound), cst.Name(name))

    def _imported(self, name: str, source: str | None = None) -> str | None:
        """The name the caller's module binds ``name`` of the helper's module (of ``source``, where given) to by a
        top-level import of its own, bound nowhere else in that module (nor in any of its functions)."""
        for stmt in self.finder.module.body:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar) or \
                    _source(small) != (self.source if source is None else source):
                continue
            for alias in small.names:
                bound = alias.evaluated_alias or alias.evaluated_name
                scope = self.finder.scopes.scope(stmt)
                if alias.evaluated_name == name and scope is not None and len(scope.assignments[bound]) == 1 and \
                        sum(n.value == bound for n in _bindings(self.finder.module)) <= 1:
                    return bound
        return None


def _source(node: cst.ImportFrom) -> str:
    """``from ..pkg.mod import x``: ``..pkg.mod``."""
    return "." * len(node.relative) + (cst.Module([]).code_for_node(node.module) if node.module else "")


def _bindings(module: cst.Module) -> list[cst.Name]:
    """Every name a statement of ``module`` binds, in any scope (an assignment's, a loop's, a ``def``'s, an
    import's, a parameter's)."""
    out: list[cst.Name] = []
    for node in nodes_of(module, cst.AssignTarget):  # (``mod.NAME = x`` binds no name: not its ``mod``)
        out += _bound(node.target)
    for node in [*nodes_of(module, cst.For), *nodes_of(module, cst.CompFor)]:
        out += [n for n in nodes_of(node.target, cst.Name)]
    for node in [*nodes_of(module, cst.FunctionDef), *nodes_of(module, cst.ClassDef), *nodes_of(module, cst.Param)]:
        out.append(node.name)
    for node in nodes_of(module, cst.ImportAlias):
        out.append(node.asname.name if node.asname is not None and isinstance(node.asname.name, cst.Name) else
                   cst.Name(cst.Module([]).code_for_node(node.name).split(".")[0]))
    for node in [*nodes_of(module, cst.AugAssign), *nodes_of(module, cst.AnnAssign)]:
        out += [n for n in nodes_of(node.target, cst.Name)]
    for node in nodes_of(module, cst.NamedExpr):
        out += [n for n in nodes_of(node.target, cst.Name)]
    return out


def _bound(target: cst.BaseExpression) -> list[cst.Name]:
    """The names an assignment target binds: itself, or those of its tuple's or list's elements (starred too);
    none for an attribute or a subscript, which change an object."""
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _bound(e.value)]
    return []


def by_name(finder, home, fn: cst.FunctionDef, called_as: str) -> ByName | None:
    """The ``ByName`` of a helper ``fn`` of another module (its Finder: ``home``) that the call site's module
    (``finder``'s) imports by name as ``called_as``, by a top-level ``from ... import`` of ``fn``'s own module;
    None otherwise (a package's re-export, an import in a function)."""
    module, home_module = finder.module, getattr(home, "module", None)
    imported = getattr(finder.external, "imported", None)
    if module is None or home_module is None or imported is None:
        return None
    got = imported(called_as)
    if got is None or got[0] is not home_module or got[1] != fn.name.value or \
            not any(s is fn for s in home_module.body):
        return None
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar) and \
                any((a.evaluated_alias or a.evaluated_name) == called_as for a in small.names):
            return ByName(finder, _source(small), home_module, home.scopes, fn.name.value)
    return None


def added_imports(finder, out: cst.Module) -> list[str]:
    """The imports ``ByName`` chose for ``finder``'s module that ``out`` (the module rewritten) reads."""
    read = names_in(out)
    return [text for text, bound in finder.by_name_imports.items() if bound in read]


def _literal(node: cst.BaseExpression) -> bool:
    """A number or a plain string (``-3``, ``b"ab"``, ``"a" "b"``): the same value wherever it is written."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    if isinstance(node, cst.ConcatenatedString):
        return _literal(node.left) and _literal(node.right)
    return isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString)) and not node.lpar


class _Qualify(cst.CSTTransformer):
    """``NAME`` -> ``module_ref.NAME`` for the names given, or ``values[NAME]`` (attribute and keyword names are not
    variables)."""

    def __init__(self, names: set[str], module_ref: str | None, values: dict | None = None) -> None:
        super().__init__()
        self.names = names
        self.module_ref = module_ref
        self.values = values or {}

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return False  # only the object part holds variables: done in leave_Attribute

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        return updated.with_changes(value=original.value.visit(self))

    def visit_Arg(self, node: cst.Arg) -> bool:
        return False

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return original.with_changes(value=original.value.visit(self))

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        if original.value in self.values:
            value = self.values[original.value].deep_clone()
            # (a literal in an operation: in parentheses where it could bind otherwise, ``-1 ** 2``)
            return value if isinstance(value, cst.Name) or not isinstance(value, cst.UnaryOperation) else \
                value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        if original.value in self.names:
            return cst.parse_expression(f"{self.module_ref}.{original.value}")
        return updated
