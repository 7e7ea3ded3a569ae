"""A coordinator handed to an object that only stores it: no use of it once the runners are gone.

    class ImageReader(object):
        def __init__(self, data_dir, coord):
            self.coord = coord                 # stored, and read nowhere
            ...
    coord = tf.train.Coordinator()
    reader = ImageReader(data_dir, coord)      # deeplab's and WaveNet's readers take it this way
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

The class keeps it for runner threads it never starts itself; with the pipeline rewritten nothing asks it to
stop. The argument becomes ``None`` (so ``self.coord`` is ``None``, which nothing reads), and the coordinator
goes with the rest of the plumbing (``plumbing.py``). Only a class of this module, with no base class, whose
``__init__`` does nothing with that parameter but ``self.attr = param``, while no ``x.attr`` is read anywhere in
the module, qualifies; in a migrated tree, a class of another of its modules too, where no module of the tree
that can hold its objects (its own, those importing it and theirs) reads ``x.attr``.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import identifiers, nodes_of


def _init(cls: cst.ClassDef) -> cst.FunctionDef | None:
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"]
    return found[0] if len(found) == 1 and not found[0].decorators else None


def _param(init: cst.FunctionDef, call: cst.Call, arg: cst.Arg) -> str | None:
    """The name of the ``__init__`` parameter that ``arg`` of ``call`` fills."""
    params = list(init.params.params)
    if any(a.star for a in call.args) or not params:
        return None
    if arg.keyword is not None:
        known = {p.name.value for p in [*params, *init.params.kwonly_params]}
        return arg.keyword.value if arg.keyword.value in known else None
    at = [a for a in call.args if a.keyword is None].index(arg) + 1  # (after ``self``)
    return params[at].name.value if at < len(params) else None


def _stored_only(module: cst.Module, init: cst.FunctionDef, param: str) -> cst.Name | None:
    """The one read of ``param`` in ``__init__`` when it is ``self.attr = param`` and no ``x.attr`` is read in the
    module; else None."""
    instance = init.params.params[0].name.value
    uses = [n for n in identifiers(init.body) if n.value == param]
    stores = []
    for stmt in init.body.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Name) and \
                small.value.value == param and isinstance(small.targets[0].target, cst.Attribute) and \
                isinstance(small.targets[0].target.value, cst.Name) and \
                small.targets[0].target.value.value == instance:
            stores.append((small.value, small.targets[0].target))
    if len(uses) != 1 or len(stores) != 1 or stores[0][0] is not uses[0]:
        return None
    target = stores[0][1]
    if any(a.attr.value == target.attr.value and a is not target for a in nodes_of(module, cst.Attribute)):
        return None
    return uses[0]


def _tree_class(external, func: cst.BaseExpression):
    """(the class, its module, the count of ``x.name`` in the modules that can hold its objects) where ``func``
    names a class of another module of the migrated tree (``external.stored_class``); else None."""
    lookup = getattr(external, "stored_class", None)
    return lookup(func) if lookup is not None else None


def stored_args(module: cst.Module, refs: list[cst.Name], external=None) -> set[int] | None:
    """The ids of the arguments (``cst.Arg``) that pass ``refs`` to such a class; None unless every one of ``refs``
    is such an argument or the store of the parameter it fills. ``external``: a migrated tree's lookups, with
    which a class of another of its modules qualifies too (DeepLab's ``ImageReader`` of ``deeplab_lib``) where
    no module that can hold its objects reads the stored attribute."""
    classes = {}
    for s in module.body:
        if isinstance(s, cst.ClassDef):
            classes[s.name.value] = None if s.name.value in classes else s
    found: set[int] = set()
    want = {id(r) for r in refs}
    for call in nodes_of(module, cst.Call):
        home = module
        if isinstance(call.func, cst.Name) and classes.get(call.func.value) is not None:
            cls = classes[call.func.value]
        elif external is not None and isinstance(call.func, (cst.Name, cst.Attribute)) and \
                any(id(a.value) in want for a in call.args) and \
                (there := _tree_class(external, call.func)) is not None:
            cls, home, attribute_reads = there
        else:
            continue
        if cls.bases and not (len(cls.bases) == 1 and isinstance(cls.bases[0].value, cst.Name) and
                              cls.bases[0].value.value == "object"):
            continue
        init = _init(cls)
        for arg in call.args:
            if id(arg.value) not in want or init is None:
                continue
            param = _param(init, call, arg)
            stored = _stored_only(home, init, param) if param is not None else None
            if stored is not None and home is not module and \
                    attribute_reads(_stored_attr(init, stored)) != 1:
                stored = None  # (a module that can hold its objects reads ``x.attr``: more than the store)
            if stored is not None:
                found.add(id(arg))
                declared = next(p.name for p in [*init.params.params, *init.params.kwonly_params]
                                if p.name.value == param)
                # (the parameter and the store's read of it are ``__init__``'s own name, not the coordinator's)
                want -= {id(arg.value), id(stored), id(declared)}
    return found if found and not want else None


def _stored_attr(init: cst.FunctionDef, read: cst.Name) -> str:
    """The attribute ``self.attr = param`` stores ``read`` in."""
    for small in nodes_of(init.body, cst.Assign):
        if small.value is read:
            return small.targets[0].target.attr.value
    return ""


__all__ = ["stored_args"]
