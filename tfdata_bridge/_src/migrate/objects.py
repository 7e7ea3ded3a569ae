"""Which method ``obj.read_fn`` means, and a reader method's body inlined where it is called.

Readers held in classes are called three ways, each resolved by scope, never by spelling:

    self._decode(queue)                  # a method of the caller's own class (the caller's ``self``)
    decoder = Decoder(3); decoder.read(queue)      # an object made once in the same function
    def inputs(decoder, files): ... decoder.read(queue)    # a parameter every caller in the module
    inputs(Decoder(3), files)                              #   passes an object of one class

The class is defined in this module or, in a tree, in another of its modules (``tree.py`` resolves the
import); the method is its own or a base class's of that module. A reader method called once, with the file
queue, is inlined into the per-record function: ``self`` becomes the object's name, its other parameters are
bound first (``reader_fn.py``), and the method goes (from another module: when ``tree.py`` finds no other
use of it; and only if every global name it reads is the same import in both modules).
"""

from __future__ import annotations

import builtins

import libcst as cst
from libcst.metadata import Assignment, GlobalScope

from tfdata_bridge._src.migrate.calls import Refusal, names_in, top_imports
from tfdata_bridge._src.migrate.passed_class import passed_class_home
from tfdata_bridge._src.migrate.walk import Visitor


def method_of(finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute, moves: bool = True
              ) -> tuple[cst.FunctionDef, cst.ClassDef, tuple | None]:
    """(the plain method that ``func`` (``obj.name``, called at the statement ``at``) means, its class, and
    ``(module, finder, check)`` of the tree's module defining it when that is another); ``Refusal`` when the
    object's class cannot be told."""
    if not isinstance(func.value, cst.Name):
        raise Refusal(f"`{module.code_for_node(func)}` is not a method of a name the rewrite can follow")
    obj, name = func.value.value, func.attr.value
    scope = finder.scopes.scope(at)
    caller = getattr(scope, "node", None)
    made = finder.scopes.single_assignment(at, obj)
    if made is not None:
        cls, home = _class_made_by(finder, made, made.body[0].value)
    elif isinstance(caller, cst.FunctionDef) and isinstance(getattr(scope, "parent", None), GlobalScope) and \
            obj in [p.name.value for p in caller.params.params]:
        try:
            cls, home = _class_passed(finder, module, caller, obj)
        except Refusal as exc:  # (other modules of the tree call the function: the class their calls pass)
            if "is not only called in this module" not in str(exc) or \
                    getattr(finder.external, "calls_elsewhere", None) is None:
                raise
            cls, there, there_finder, check = passed_class_home(finder, module, at, obj)
            home = None if there is module else (there, there_finder, check) if check is not None else \
                finder.external.class_home(cls)  # (a class of the caller's own module)
            if home is None and there is not module:
                raise Refusal(f"the class of `{obj}` is not one the tree holds")
    else:
        raise Refusal(f"`{obj}` is neither made once in this function nor a parameter of a module function")
    try:
        fn = _lookup(finder, home[0] if home else module, cls, name)
    except Refusal:  # a base class of another module of the tree (``class CsvReader(readers.BaseReader)``)
        fn, home = _inherited(finder, module, cls, name, home)
    if fn.decorators or fn.asynchronous or not fn.params.params:
        raise Refusal(f"`{cls.name.value}.{name}` is not one plain method")
    if home is not None:
        home[2](fn)  # the tree refuses it where the method cannot go
        if moves:  # (``moves=False``: the method stays in its class, a function of the record: reader_objects.py)
            _same_globals(fn, home[0], module)
    return fn, cls, home


def _same_globals(fn: cst.FunctionDef, home: cst.Module, here: cst.Module) -> None:
    """Every module-level name the method reads is the same import in the caller's module (its body moves)."""
    from tfdata_bridge._src.migrate.reader_fn import _assigned

    local = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]} | _assigned(list(fn.body.body))
    theirs, ours = top_imports(home), top_imports(here)
    for name in sorted(names_in(fn.body) - local - set(dir(builtins))):
        if name not in theirs or theirs[name] != ours.get(name):
            raise Refusal(f"`{fn.name.value}` reads `{name}`, which its module and the caller's do not import "
                          "alike; its body cannot move")


def _class_made_by(finder, stmt: cst.CSTNode, value: cst.BaseExpression) -> tuple[cst.ClassDef, tuple | None]:
    external = getattr(finder.external, "classdef", None)  # a class of another module of the tree
    found_there = external(value.func) if external is not None and isinstance(value, cst.Call) else None
    if found_there is not None:
        return found_there[0], found_there[1:]
    tree_only = ("; a class of another module is followed only when the tree is migrated together "
                 "(`migrate` on the folder)") if external is None else ""
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
        raise Refusal(f"the object is not made by calling a class of this module{tree_only or ' or the tree'}")
    scope = finder.scopes.scope(stmt)
    found = list(scope[value.func.value]) if scope is not None else []
    if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].node, cst.ClassDef) \
            or not isinstance(found[0].scope, GlobalScope):
        raise Refusal(f"`{value.func.value}` is not one class of this module{tree_only}")
    return found[0].node, None


def _class_passed(finder, module: cst.Module, fn: cst.FunctionDef, param: str
                  ) -> tuple[cst.ClassDef, tuple | None]:
    """The one class whose objects every call of ``fn`` in the module passes as ``param``."""
    callers = {id(n) for n in finder.scopes.callers(fn)}
    at = [p.name.value for p in fn.params.params].index(param)
    calls: list[tuple[cst.Call, cst.CSTNode]] = []

    class _Calls(Visitor):
        def __init__(self) -> None:
            self.stmt: list[cst.CSTNode] = []

        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            self.stmt.append(node)

        def leave_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            self.stmt.pop()

        def visit_Name(self, node: cst.Name) -> None:
            if id(node) in callers:
                calls.append((None, self.stmt[-1] if self.stmt else None))  # a use other than a call

        def visit_Call(self, node: cst.Call) -> None:
            if id(node.func) in callers:
                calls.append((node, self.stmt[-1] if self.stmt else None))
                callers.discard(id(node.func))

    module.visit(_Calls())
    if not calls or any(c is None or s is None for c, s in calls):
        raise Refusal(f"`{fn.name.value}` is not only called in this module; the class of `{param}` is unknown")
    classes: dict[int, cst.ClassDef] = {}
    for call, stmt in calls:
        given = [a.value for i, a in enumerate(call.args) if (a.keyword is None and i == at and not a.star)
                 or (a.keyword is not None and a.keyword.value == param)]
        if len(given) != 1 or any(a.star for a in call.args):
            raise Refusal(f"a call of `{fn.name.value}` does not pass `{param}` plainly")
        value = given[0]
        if isinstance(value, cst.Name):
            made = finder.scopes.single_assignment(stmt, value.value)
            if made is None:
                raise Refusal(f"`{value.value}`, passed as `{param}`, is not made once before the call")
            value = made.body[0].value
        classes[id(_class_made_by(finder, stmt, value)[0])] = _class_made_by(finder, stmt, value)
    if len(classes) != 1:
        raise Refusal(f"`{fn.name.value}` is passed objects of several classes as `{param}`")
    return next(iter(classes.values()))


def _lookup(finder, module: cst.Module, cls: cst.ClassDef, name: str, depth: int = 0) -> cst.FunctionDef:
    """``cls``'s own ``def name``, else its first base's of this module that has one (one base each)."""
    own = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(own) == 1:
        return own[0]
    if own or depth > 10 or len(cls.bases) != 1 or not isinstance(cls.bases[0].value, cst.Name):
        raise Refusal(f"`{name}` is not one method of `{cls.name.value}`")
    base = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == cls.bases[0].value.value]
    if len(base) != 1:
        raise Refusal(f"`{name}` is not one method of `{cls.name.value}`")
    return _lookup(finder, module, base[0], name, depth + 1)


def _inherited(finder, module: cst.Module, cls: cst.ClassDef, name: str, home: tuple | None
               ) -> tuple[cst.FunctionDef, tuple | None]:
    """(``name`` of the nearest base of ``cls`` that defines it, bases followed through the tree's imports one
    base each; ``home`` of the module defining it, None for ``module``); ``Refusal`` where none does."""
    from tfdata_bridge._src.migrate.subclasses import defines

    base_of = getattr(finder.external, "base_of", None)
    class_home = getattr(finder.external, "class_home", None)
    current = cls
    if defines(cls, name):
        raise Refusal(f"`{name}` is not one method of `{cls.name.value}`")
    for _ in range(10):
        base = base_of(current) if base_of is not None else None
        if base is None:
            break
        own = [s for s in base.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
        if len(own) > 1 or any(isinstance(s, cst.SimpleStatementLine) and name in names_in(s) for s in base.body.body):
            break
        if own:
            there = class_home(base)
            if there is None:
                break
            return own[0], None if there[0] is module else there
        current = base
    raise Refusal(f"`{name}` is not one method of `{cls.name.value}`")


def as_object(nodes: list, self_name: str, obj: str) -> list:
    """``nodes`` with the variable ``self_name`` read as ``obj`` (attribute names and keywords untouched)."""

    class _Rename(cst.CSTTransformer):
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
            return updated.with_changes(value=obj) if original.value == self_name else updated

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            return True

        def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
            return updated.with_changes(attr=original.attr)

        def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
            return updated.with_changes(keyword=original.keyword)

    return [n.visit(_Rename()) for n in nodes]
