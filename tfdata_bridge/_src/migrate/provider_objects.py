"""The reason said for a batch whose tensors an object's method hands over, where the object's class reads them
in its ``__init__`` (slim's ``DatasetDataProvider``: ``provider = DatasetDataProvider(dataset, ...)``, then
``x, label = provider.get(["x", "label"])`` batched by the caller).

Such a pipeline starts in the class (its producer and reader, often a reader class passed in on another object)
and ends in the caller, through the object's state (a dict of tensors). ``provider_inline.py`` writes the object
where it is made and read, where that is sure and leaves a pipeline the rewrite takes; where it did not, the batch
is left, and this says which form it is (and what stood in the way) instead of the generic "no source in the same
block".
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import bind, names_in, nodes_of

_READS = {"read", "read_up_to"}


def provider_reason(module: cst.Module, finder, stmt: cst.SimpleStatementLine, api: str) -> str | None:
    """The reason for the batch at ``stmt`` when its tensors come from such a provider object; else None."""
    from tfdata_bridge._src.migrate.methods import class_of

    call = stmt.body[0].value
    if not isinstance(call, cst.Call):
        return None
    try:
        tensors = bind(call, api).get("tensors")
    except Exception:  # (a call the binder cannot read: the generic reason stands)
        return None
    for name in sorted(names_in(tensors) if tensors is not None else ()):
        made = _first_of(finder, finder.scopes.single_assignment(stmt, name), name)
        value = made.body[0].value if made is not None else None
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and isinstance(
                value.func.value, cst.Call) and isinstance(value.func.value.func, (cst.Name, cst.Attribute)):
            # (made and read at once, ``Reader(queue, 5).batch()``: a reader object's form only)
            cls, where = _class_named(module, finder, value.func.value.func)
            said = _reader_object_reason(cls, value, name, where, _home(finder, value.func.value.func))
            init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"),
                        None) if cls is not None and said is None else None
            if init is not None:  # (a provider made and read at once, ``Provider(spec).get([...])``)
                said = _helper_read_reason(finder, module, cls, init, value, name, where)
            if said is not None:
                return said
            continue
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and
                isinstance(value.func.value, cst.Name)):
            continue
        obj = value.func.value.value
        built = finder.scopes.single_assignment(made, obj)
        ctor = built.body[0].value if built is not None else None
        if not isinstance(ctor, cst.Call) or not isinstance(ctor.func, (cst.Name, cst.Attribute)):
            continue
        cls = class_of(module, ctor.func.value) if isinstance(ctor.func, cst.Name) else None
        where = "this module"
        classdef = getattr(finder.external, "classdef", None)
        if cls is None and classdef is not None:
            found = classdef(ctor.func)
            cls, where = (found[0], "another module of the tree") if found is not None else (None, where)
        init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"),
                    None) if cls is not None else None
        if init is not None and not any(isinstance(c.func, cst.Attribute) and c.func.attr.value in _READS
                                        for c in nodes_of(init, cst.Call)):
            said = _helper_read_reason(finder, module, cls, init, value, name, where)
            if said is not None:
                return said
        if init is None or not any(isinstance(c.func, cst.Attribute) and c.func.attr.value in _READS
                                   for c in nodes_of(init, cst.Call)):
            said = _reader_object_reason(cls, value, name, where,
                                         _home(finder, ctor.func) if where != "this module" else None)
            if said is not None:
                return said
            continue
        from tfdata_bridge._src.migrate.provider_inline import not_inlined

        code = cst.Module([]).code_for_node
        return (f"the batched `{name}` comes from `{code(value.func)}(...)`, a method of a `{cls.name.value}` object "
                f"(a class of {where}) whose `__init__` reads and decodes the records and keeps the tensors on the "
                f"object: {not_inlined(cls, module, built, obj)}; keep the queues (`migrate --to compat`, or `--to tfdata --fallback "
                "compat`)")
    return None


def _helper_read_reason(finder, module: cst.Module, cls: cst.ClassDef, init: cst.FunctionDef, value: cst.Call,
                        name: str, where: str) -> str | None:
    """The reason for a batch of what a provider object's ``get`` hands over, where its ``__init__`` reads the
    records through a function (slim's ``DatasetDataProvider`` calling ``parallel_reader.parallel_read(...)``, of
    another module: a file producer, k readers of a reader class passed in, a common queue filled in a method of a
    ``ParallelReader`` object) rather than in its own statements; None where no call of ``__init__`` is such a
    function. ``provider_inline.py`` writes a provider at its caller only where ``__init__`` makes the pipeline
    itself; this says so, and why else the class is no plain holder of the tensors."""
    from tfdata_bridge._src.migrate.provider_inline import _methods

    helper = _reading_helper(finder, module, cls, init)
    if helper is None:
        return None
    call, home = helper
    code = cst.Module([]).code_for_node
    said = code(call.func)
    why = (f"here `{cls.name.value}` is not such a plain holder") if _methods(cls) is None else (
        f"here `{said}`'s pipeline is not one the rewrite takes (the notes at its queue and reads say why)")
    return (f"the batched `{name}` comes from `{code(value.func)}(...)`, a method of a `{cls.name.value}` object (a "
            f"class of {where}) whose `__init__` reads the records through `{said}(...)` (a function of {home}) "
            "and keeps the decoded tensors on the object; such an object is written at its caller only where its "
            "class is a plain holder of the tensors (no base but `object`, `get(self, items)` returning "
            "`[self.attr[item] for item in items]`) and the pipeline then stands whole in one function, the "
            f"helper's included; {why}; keep the queues (`migrate --to compat`, or `--to tfdata --fallback "
            "compat`)")


def _reading_helper(finder, module: cst.Module, cls: cst.ClassDef, init: cst.FunctionDef
                    ) -> tuple[cst.Call, str] | None:
    """(the call in ``init``, where its function is) of the first function ``init`` calls, of the class's own
    module or another module of the tree, whose body reads records or makes a queue (``_pipeline_call``); None
    where there is none."""
    class_site = getattr(finder.external, "class_site", None)
    found = class_site(cls) if class_site is not None else None
    if found is None and not any(s is cls for s in module.body):
        return None
    home, site = found if found is not None else (module, finder)
    if found is not None:  # (the class as the tree read it: its nodes are those the tree's resolver knows)
        cls = next(s for s in home.body if isinstance(s, cst.ClassDef) and s.name.value == cls.name.value)
        init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"),
                    init)
    for call in nodes_of(init, cst.Call):
        func = call.func
        fn, there = None, "the provider's module"
        if isinstance(func, cst.Name):
            fn = next((s for s in home.body if isinstance(s, cst.FunctionDef) and s.name.value == func.value), None)
        elif isinstance(func, cst.Attribute) and isinstance(func.value, (cst.Name, cst.Attribute)):
            resolve = getattr(site, "external", None)
            try:
                found = resolve(func) if callable(resolve) else None
            except Exception:  # (a function the tree cannot follow, or one it bans: no reason from here)
                found = None
            fn, there = (found[0], "another module of the tree") if found is not None else (None, there)
        if fn is not None and any(_pipeline_call(c) for c in nodes_of(fn, cst.Call)):
            return call, there
    return None


def _first_of(finder, made: cst.SimpleStatementLine | None, name: str) -> cst.SimpleStatementLine | None:
    """The binding ``name``'s value at ``made`` derives from: back through statements that compute ``name`` from
    itself (``label -= offset``, ``image = preprocess(image, 3, 3)``: slim's eval script between ``provider.get``
    and the batch), to the first that does not; ``made`` where it is none of those."""
    for _ in range(8):
        small = made.body[0] if made is not None and len(made.body) == 1 else None
        if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name) and small.target.value == name:
            pass
        elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target,
                cst.Name) and small.targets[0].target.value == name and name in names_in(small.value):
            pass
        else:
            return made
        made = finder.scopes.single_assignment(made, name)
    return made


def _pipeline_call(call: cst.Call) -> bool:
    """Whether ``call`` reads records or makes a queue of a pipeline (``reader.read(q)``, ``pool.read(q)``,
    ``tf.FIFOQueue(...)``, ``tf.train.string_input_producer(...)``), by the name it calls."""
    func = call.func
    said = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
    return said in _READS or said.endswith("Queue") or said.endswith("input_producer")


def _class_named(module, finder, func: cst.BaseExpression):
    """(the class ``func`` names, of this module or another of the tree, or None; where it is)."""
    from tfdata_bridge._src.migrate.methods import class_of

    cls = class_of(module, func.value) if isinstance(func, cst.Name) else None
    classdef = getattr(finder.external, "classdef", None)
    if cls is None and classdef is not None:
        found = classdef(func)
        if found is not None:
            return found[0], "another module of the tree"
    return cls, "this module"


def _home(finder, func: cst.BaseExpression) -> cst.Module | None:
    """The module of another module's class that ``func`` names; None where it is none."""
    classdef = getattr(finder.external, "classdef", None)
    try:
        found = classdef(func) if classdef is not None else None
    except Exception:  # (a class the tree bans: its reason is said elsewhere)
        return None
    return found[1] if found is not None else None


def _reader_object_reason(cls, value: cst.Call, name: str, where: str, home: cst.Module | None = None) -> str | None:
    """The reason for a batch of what a reader object's method returns (matt-komm's ``root_reader``: its methods,
    not its ``__init__``, read the file queue it was handed), where its class is no reader-object class
    ``provider_inline.py`` writes at the caller; None where no method of it reads, or where the class is one."""
    from tfdata_bridge._src.migrate.provider_inline import reader_object_refusal

    if cls is None or not any(isinstance(c.func, cst.Attribute) and c.func.attr.value in _READS
                              for m in cls.body.body if isinstance(m, cst.FunctionDef) for c in nodes_of(m, cst.Call)):
        return None
    why = reader_object_refusal(cls)
    if why is None and home is not None:  # (a plain reader class whose code reads its own module's globals)
        from tfdata_bridge._src.migrate.provider_inline import unshared_globals

        kept = unshared_globals(cls, home)
        if kept:
            why = (f"it reads `{kept[0]}`, a name its own module binds (not an import the caller's module could "
                   "share), so its code cannot stand at the caller")
    if why is None:
        return None
    code = cst.Module([]).code_for_node
    return (f"the batched `{name}` comes from `{code(value.func)}(...)`, a method of a `{cls.name.value}` object (a "
            f"class of {where}) whose methods read the records from the file queue it was handed; such an object is "
            f"written at the caller only where its class is a plain reader class, and {why}; keep the queues "
            "(`migrate --to compat`, or `--to tfdata --fallback compat`)")


__all__ = ["provider_reason"]
