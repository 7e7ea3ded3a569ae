"""A coordinator handed to a function or method of the tree whose rewritten body no longer reads it.

    pipeline = SightingPipeline([path], batch_size=4)    # a class of another module (or of this one)
    coord = tf.train.Coordinator()
    enqueue_threads = pipeline.start(sess, coord)        # ``start`` was ``return self.qr.create_threads(...)``
    ...
    while not coord.should_stop(): ...                   # the program's other uses: stop-flag ones

Once the queue of the class is rewritten, ``start`` is ``return []``: it takes the coordinator and does nothing
with it. The program still hands it over, so the plumbing pass keeps the coordinator ("used beyond starting and
stopping runners"), and ``scan`` counts it as a queue use. Here, after the tree's rewrite, such an argument is
passed as ``None`` (the signature stays: other callers may pass something), as ``plumbing.py`` does for a
coordinator an object only stores; the plumbing pass then runs again, so a coordinator whose other uses are a
loop's stop flag is kept as that (no queue use for ``scan``), or goes.

Only a parameter the original body read and the rewritten body does not qualifies (one never read is the
program's own business), of a function defined at a module's top or a method of a class with no base but
``object``, the call naming it through an import of the tree (or in its own module): ``f(coord)``,
``mod.f(coord)``, or ``obj.m(coord)`` where ``obj`` is bound once in the module, to ``Cls(...)``. The argument
must be the coordinator's name, not ``*args``. Gated on the plumbing pass's note that a coordinator was kept
for another use: a tree with no such note costs nothing.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from tfdata_bridge._src.migrate.calls import bound_names, nodes_of, parsed
from tfdata_bridge._src.migrate.feed.coord import refs

_KEPT = "kept (harmless without runners): it is used at line"


def unused_coordinators(modules, texts, results, names) -> None:
    """Pass ``None`` for the coordinators handed to a function or method of the tree that no longer reads them
    (see the module docstring); the callers' plumbing pass runs again."""
    from tfdata_bridge._src.migrate.feed.handed_coord import uses_of_class
    from tfdata_bridge._src.migrate.plumbing import remove_plumbing

    for other in modules:
        notes = list(results[other].notes)
        kept = [n for n in notes if n.kind == "info" and _KEPT in n.message]
        if not kept or results[other].error is not None:
            continue
        heads = [n.message.split(_KEPT)[0] for n in kept]  # ``... `coord` kept (harmless ...``
        coords = [h.rsplit("`", 2)[-2] for h in heads if h.count("`") >= 2]
        module = parsed(results[other].code)
        nulled: set[int] = set()
        for coord in coords:
            for call in nodes_of(module, cst.Call):
                for i, arg in enumerate(call.args):
                    if not (isinstance(arg.value, cst.Name) and arg.value.value == coord) or arg.star:
                        continue
                    if any(a.star for a in call.args):
                        continue
                    target = _callee(module, call, other, modules, results, names, uses_of_class)
                    if target is None:
                        continue
                    fn, original, method = target
                    param = _param(fn, call, arg, method)
                    if param is not None and not refs(fn.body, param) and refs(original.body, param):
                        nulled.add(id(arg))
        if not nulled:
            continue
        out = module.visit(_Nulled(nulled))
        again, more = remove_plumbing(parsed(out.code))
        if not more or any(m.kind == "refused" for m in more):
            continue
        said = [replace(m, line=kept[0].line, message=m.message + " (the coordinator a function of the tree no "
                        "longer reads is passed as `None`)") for m in more]
        notes = [n for n in notes if n not in kept] + said
        results[other] = replace(results[other], code=again.code, notes=tuple(sorted(notes, key=lambda n: n.line)))


class _Nulled(cst.CSTTransformer):
    def __init__(self, ids: set[int]) -> None:
        super().__init__()
        self.ids = ids

    def leave_Arg(self, original, updated):
        return updated.with_changes(value=cst.Name("None")) if id(original) in self.ids else updated


def _param(fn: cst.FunctionDef, call: cst.Call, arg: cst.Arg, method: bool) -> str | None:
    params = list(fn.params.params)
    if arg.keyword is not None:
        known = {p.name.value for p in [*params, *fn.params.kwonly_params]}
        return arg.keyword.value if arg.keyword.value in known else None
    at = [a for a in call.args if a.keyword is None].index(arg) + (1 if method else 0)
    return params[at].name.value if at < len(params) else None


def _top(module: cst.Module, name: str, kind):
    found = [s for s in module.body if isinstance(s, kind) and s.name.value == name]
    return found[0] if len(found) == 1 else None


def _callee(module, call, here, modules, results, names, uses_of_class):
    """(the rewritten function, the original one, whether it is a method) that ``call`` runs, where it is a
    module-level function or a method of a plain class of the tree; None otherwise."""
    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        # (the object bound once, by an assignment of the call's own function: not a parameter, nor a name
        # that another statement of that function binds)
        home = [f for f in nodes_of(module, cst.FunctionDef) if any(c is call for c in nodes_of(f.body, cst.Call))]
        scope = home[-1] if home else module
        name = func.value.value
        params = {p.name.value for p in [*scope.params.params, *scope.params.kwonly_params,
                                         *scope.params.posonly_params]} if home else set()
        bound = [s for s in nodes_of(scope, cst.Assign) if len(s.targets) == 1 and
                 isinstance(s.targets[0].target, cst.Name) and s.targets[0].target.value == name]
        others = [s for s in nodes_of(scope, cst.SimpleStatementLine) + nodes_of(scope, cst.For) +
                  nodes_of(scope, cst.With) if name in bound_names(s) and not any(b is x for b in bound
                                                                                 for x in nodes_of(s, cst.Assign))]
        if name not in params and not others and len(bound) == 1 and isinstance(bound[0].value, cst.Call) and \
                isinstance(bound[0].value.func, (cst.Name, cst.Attribute)):
            found = _defined(module, bound[0].value.func, here, modules, results, names, uses_of_class, cst.ClassDef)
            if found is None:
                return None
            new_cls, old_cls = found
            if not all(isinstance(b.value, cst.Name) and b.value.value == "object" for b in new_cls.bases):
                return None
            new = _method(new_cls, func.attr.value)
            old = _method(old_cls, func.attr.value)
            return (new, old, True) if new is not None and old is not None else None
    found = _defined(module, func, here, modules, results, names, uses_of_class, cst.FunctionDef)
    return None if found is None else (*found, False)


def _method(cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    return found[0] if len(found) == 1 and not found[0].decorators else None


def _defined(module, node, here, modules, results, names, uses_of_class, kind):
    """(the rewritten definition, the original) of the class or function ``node`` names: one of this module's
    top, or of another module of the tree that this one imports it from."""
    last = node.attr.value if isinstance(node, cst.Attribute) else node.value if isinstance(node, cst.Name) else None
    if last is None:
        return None
    if isinstance(node, cst.Name) and _top(module, last, kind) is not None:
        old = _top(modules[here], last, kind)
        return (_top(module, last, kind), old) if old is not None else None
    for path in modules:
        if path == here or last not in results[path].code:
            continue
        qname = f"{names[path].name}.{last}"
        uses = uses_of_class(module, qname, names[here].package)
        if not uses or not any(u is node for u in uses):
            continue
        new = _top(parsed(results[path].code), last, kind)
        old = _top(modules[path], last, kind)
        return (new, old) if new is not None and old is not None else None
    return None


__all__ = ["unused_coordinators"]
