"""The class of an object an instance keeps from its constructor: ``self.dataset.reader()`` (or ``dataset =
self.dataset`` then ``dataset.reader()``) in a method, the object handed to ``__init__``.

    class ImagePreprocessor(object):                     class RegattaPreprocessor(ImagePreprocessor):
        def __init__(self, mode, dataset, ...):              def __init__(self, mode, dataset, ...):
            self.dataset = dataset                               super().__init__(mode, dataset, ...)
                                                             def batch(self):
    processor = RegattaPreprocessor('eval', Shards(d))           reader = self.dataset.reader()   # Shards.reader

(Inception-style input classes: a preprocessor or input pipeline holding its data set, its ``batch_inputs`` a
method calling the data set's documented ``reader()``; the attribute may be read through a property that returns
``self._dataset``.) The attribute must be set once in the class's chain of ``__init__``s, from a parameter (handed
on through ``super().__init__(...)`` by position or keyword), and set nowhere else in the chain; every
construction in the tree of the method's class and of each subclass must pass that argument plainly, an object
made by calling one class of the tree (inline or a name bound once before the call). Every site must give the
same class, or the class is unknown (``Refusal``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of, plain_arg
from tfdata_bridge._src.migrate.walk import Visitor

_DEPTH = 6


def _methods(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    return [s for s in cls.body.body if isinstance(s, cst.FunctionDef)] if isinstance(cls.body, cst.IndentedBlock) \
        else []


def _base(finder, module: cst.Module, cls: cst.ClassDef) -> cst.ClassDef | None:
    """The one base class of ``cls`` of this module or of the tree."""
    base_of = getattr(finder.external, "base_of", None)
    if base_of is not None:
        found = base_of(cls)
        tree = getattr(finder.external, "tree_module", None)
        if found is None and tree is not None:  # (this module as the tree read it, before a form's rewrite)
            same = [s for s in tree.body if isinstance(s, cst.ClassDef) and s.name.value == cls.name.value]
            found = base_of(same[0]) if len(same) == 1 and same[0].bases and \
                all(a.deep_equals(b) for a, b in zip(same[0].bases, cls.bases)) else None
        if found is not None:
            return found
    if len(cls.bases) == 1 and isinstance(cls.bases[0].value, cst.Name):
        local = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == cls.bases[0].value.value]
        return local[0] if len(local) == 1 else None
    return None


def _chain(finder, module: cst.Module, cls: cst.ClassDef) -> list[cst.ClassDef]:
    out = [cls]
    while len(out) < _DEPTH and (base := _base(finder, module, out[-1])) is not None:
        out.append(base)
    return out


def _self_attr(node: cst.BaseExpression, me: str) -> str | None:
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == me:
        return node.attr.value
    return None


def _through_property(chain: list[cst.ClassDef], attr: str) -> str:
    """``attr`` itself, or the attribute ``self._x`` a property ``attr`` of the chain returns."""
    for cls in chain:
        for fn in _methods(cls):
            if fn.name.value != attr:
                continue
            body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ()
            if any(isinstance(d.decorator, cst.Name) and d.decorator.value == "property" for d in fn.decorators) \
                    and len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) \
                    and isinstance(ret := body[0].body[0], cst.Return) and fn.params.params \
                    and (inner := _self_attr(ret.value, fn.params.params[0].name.value)) is not None:
                return inner
            raise Refusal(f"`{attr}` is a method of `{cls.name.value}`, not a stored object")
    return attr


def _sets(fn: cst.FunctionDef, attr: str) -> list[cst.AssignTarget]:
    me = fn.params.params[0].name.value if fn.params.params else "self"
    return [t for t in nodes_of(fn, cst.AssignTarget) if _self_attr(t.target, me) == attr]


def _param_of(chain: list[cst.ClassDef], attr: str) -> tuple[list[str], str]:
    """(the parameters of the ``__init__`` a construction of ``chain[0]`` runs, the one of them the attribute is
    set from)."""
    for k, cls in enumerate(chain):
        init = next((f for f in _methods(cls) if f.name.value == "__init__"), None)
        if init is None:
            continue
        params = [p.name.value for p in init.params.params]
        if isinstance(init.params.star_arg, cst.Param) or init.params.star_kwarg is not None:
            raise Refusal(f"`{cls.name.value}.__init__` takes `*args` / `**kwargs`")
        sets = _sets(init, attr)
        if len(sets) == 1:
            stmt = next(s for s in nodes_of(init, cst.SimpleStatementLine)
                        if any(t is sets[0] for t in nodes_of(s, cst.AssignTarget)))
            value = stmt.body[0].value if isinstance(stmt.body[0], cst.Assign) else None
            if not (isinstance(value, cst.Name) and value.value in params[1:]) or \
                    stmt not in (init.body.body if isinstance(init.body, cst.IndentedBlock) else ()):
                raise Refusal(f"`self.{attr}` is not set from a parameter of `{cls.name.value}.__init__`")
            if any(isinstance(t.target, cst.Name) and t.target.value == value.value
                   for t in nodes_of(init, cst.AssignTarget)):
                raise Refusal(f"`{cls.name.value}.__init__` rebinds `{value.value}`")
            return params, value.value
        if sets:
            raise Refusal(f"`self.{attr}` is set more than once in `{cls.name.value}.__init__`")
        supers = [c for c in nodes_of(init, cst.Call) if isinstance(c.func, cst.Attribute)
                  and c.func.attr.value == "__init__"]
        if len(supers) != 1 or k + 1 >= len(chain):
            raise Refusal(f"`self.{attr}` is not set by `{cls.name.value}.__init__` or one base's")
        call = supers[0]
        own = isinstance(call.func.value, cst.Call) and isinstance(call.func.value.func, cst.Name) and \
            call.func.value.func.value == "super"
        base_params, base_param = _param_of(chain[k + 1:], attr)
        offset = 0 if own else 1  # (``Base.__init__(self, ...)`` hands ``self`` by position)
        value = plain_arg(cst.Call(func=call.func, args=call.args[offset:]) if offset else call,
                          base_params.index(base_param) - 1, base_param)
        if not (isinstance(value, cst.Name) and value.value in params[1:]):
            raise Refusal(f"`{cls.name.value}.__init__` does not hand `{base_param}` on plainly")
        if any(isinstance(t.target, cst.Name) and t.target.value == value.value for t in nodes_of(init, cst.AssignTarget)):
            raise Refusal(f"`{cls.name.value}.__init__` rebinds `{value.value}`")
        return params, value.value
    raise Refusal(f"`self.{attr}` is set by no `__init__` of `{chain[0].name.value}`")


def stored_class(finder, module: cst.Module, at: cst.CSTNode, expr: cst.BaseExpression
                 ) -> tuple[cst.ClassDef, cst.Module, object]:
    """(the class, its module, that module's Finder) of ``self.attr`` (or of a local name bound once to it) read
    at ``at`` in a method of a module-level class; ``Refusal`` where it is unknown."""
    from tfdata_bridge._src.migrate.objects import _class_made_by
    from tfdata_bridge._src.migrate.queue_size import parents

    external = finder.external
    if external is None or getattr(external, "subclasses", None) is None:
        raise Refusal("an object kept on `self` is followed only when the tree is migrated together")
    scope = finder.scopes.scope(at)
    fn = getattr(scope, "node", None)
    up = parents(module)
    cls = up.get(id(up.get(id(fn)))) if isinstance(fn, cst.FunctionDef) else None
    cls = up.get(id(cls)) if isinstance(cls, cst.IndentedBlock) else cls
    if not (isinstance(cls, cst.ClassDef) and any(s is cls for s in module.body) and fn.params.params):
        raise Refusal("the object is not kept on `self` by a method of a module class")
    me = fn.params.params[0].name.value
    if isinstance(expr, cst.Name):
        made = finder.scopes.single_assignment(at, expr.value)
        if made is None or not isinstance(made.body[0], cst.Assign):
            raise Refusal(f"`{expr.value}` is not bound once in `{fn.name.value}`")
        expr = made.body[0].value
    attr = _self_attr(expr, me)
    if attr is None:
        raise Refusal("the object is not an attribute of `self`")
    chain = _chain(finder, module, cls)
    attr = _through_property(chain, attr)
    for k in chain:
        for m in _methods(k):
            if m.name.value != "__init__" and _sets(m, attr):
                raise Refusal(f"`self.{attr}` is set again in `{k.name.value}.{m.name.value}`")
    found: dict[int, tuple] = {}
    read = [module]  # (the modules whose code makes or holds the objects: none may set the attribute elsewhere)
    for kind in [cls, *external.subclasses(cls)]:
        site_of = getattr(external, "class_site", None)
        home = site_of(_as_read(external, kind)) if site_of is not None else None
        if home is None and kind is cls:
            home = (module, finder)
        if home is None:
            raise Refusal(f"`{kind.name.value}` is not a class of the tree")
        there, site = home[0], home[1]
        kind_chain = _chain(finder, there, kind)
        for k in kind_chain[:len(kind_chain) - len(chain)]:
            if any(m.name.value != "__init__" and _sets(m, attr) for m in _methods(k)) or \
                    any(m.name.value == attr for m in _methods(k)):
                raise Refusal(f"`{kind.name.value}` sets or overrides `{attr}`")
        params, param = _param_of(kind_chain, attr)
        read.append(there)
        sites = [(c, s, there, site) for c, s in _uses(there, kind)]
        elsewhere = getattr(site.external, "calls_elsewhere", None)
        sites += elsewhere(kind.name.value) if elsewhere is not None else []
        for call, stmt, where, at_site in sites:
            if call is None:
                if stmt is None or isinstance(stmt, cst.SimpleStatementLine) and all(
                        isinstance(i, (cst.Import, cst.ImportFrom)) for i in stmt.body):
                    continue  # (a base list naming the class, its subclasses followed themselves; an import)
                if any(c is not None and s is stmt and isinstance(c.func, cst.Attribute) and
                       c.func.attr.value == kind.name.value for c, s, *_ in sites):
                    continue  # (the class's own name in ``module.Class(...)``, a call counted itself)
                raise Refusal(f"`{kind.name.value}` is used other than by calls; the class of `self.{attr}` is unknown")
            read.append(where)
            value = plain_arg(call, params.index(param) - 1, param)
            if value is None:
                raise Refusal(f"a construction of `{kind.name.value}` does not pass `{param}` plainly")
            if isinstance(value, cst.Name):
                bound = at_site.scopes.single_assignment(stmt, value.value)
                if bound is None or not isinstance(bound.body[0], cst.Assign):
                    raise Refusal(f"`{value.value}` handed to `{kind.name.value}` is not made once before the call")
                stmt, value = bound, bound.body[0].value
            made, far = _class_made_by(at_site, stmt, value)
            got = (made, where, at_site) if far is None else (made, far[0], far[1])
            found[id(made)] = got
    for seen in {id(m): m for m in read}.values():
        if _set_outside_init(seen, attr):
            raise Refusal(f"`{attr}` of an object is set outside an `__init__`; `self.{attr}` may change")
    if len(found) != 1:
        raise Refusal(f"the objects kept as `self.{attr}` are of {'several' if found else 'no'} classes")
    return next(iter(found.values()))


def _set_outside_init(module: cst.Module, attr: str) -> bool:
    """Some statement of ``module`` outside an ``__init__`` assigns ``x.attr`` (``processor.dataset = other``)."""
    class _V(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.depth, self.found = 0, False

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.depth += node.name.value == "__init__"

        def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.depth -= node.name.value == "__init__"

        def _target(self, target: cst.BaseExpression) -> None:
            if not self.depth and isinstance(target, cst.Attribute) and target.attr.value == attr:
                self.found = True

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            self._target(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._target(node.target)

    seen = _V()
    module.visit(seen)
    return seen.found


def _as_read(external, cls: cst.ClassDef) -> cst.ClassDef:
    """``cls``, or the class of the same name and bases in its module as the tree read it (a form's rewrite of
    the module made new nodes: ``tail_split`` rewrote its methods, not its name or bases)."""
    tree = getattr(external, "tree_module", None)
    same = [s for s in tree.body if isinstance(s, cst.ClassDef) and s.name.value == cls.name.value] \
        if tree is not None else []
    return same[0] if len(same) == 1 and len(same[0].bases) == len(cls.bases) and all(
        a.deep_equals(b) for a, b in zip(same[0].bases, cls.bases)) else cls


def _uses(module: cst.Module, cls: cst.ClassDef) -> list[tuple[cst.Call | None, cst.CSTNode | None]]:
    """(call, statement) of each use of ``cls``'s name in its own module's statements (a base list is none;
    ``super(Cls, self)`` is no use)."""
    name = cls.name.value
    out: list[tuple] = []
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        calls = {id(c.func): c for c in nodes_of(stmt, cst.Call)}
        supers = {id(c.args[0].value) for c in nodes_of(stmt, cst.Call) if isinstance(c.func, cst.Name)
                  and c.func.value == "super" and c.args}
        for n in nodes_of(stmt, cst.Name):
            if n.value == name and id(n) not in supers:
                out.append((calls.get(id(n)), stmt))
    return out


__all__ = ["stored_class"]
