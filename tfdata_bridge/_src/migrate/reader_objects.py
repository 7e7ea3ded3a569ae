"""A reader object handed to the function that batches: its method takes the file queue, reads and decodes.

    # inputs.py                                          # readers.py
    def get_input_data_tensors(reader, files, n):       class FrameReader(BaseReader):
        queue = tf.train.string_input_producer(files)       def prepare_reader(self, filename_queue):
        x, y = reader.prepare_reader(queue)                     reader = tf.TFRecordReader()
        return tf.train.batch([x, y], n)                        _, serialized = reader.read(filename_queue)
                                                                ...  # parse, resize_axis(...), self.get_...(...)
    # train.py                                                  return [x, y]
    reader = readers.FrameReader(num_classes=5)
    x, y = inputs.get_input_data_tensors(reader, files, 32)

(the YouTube-8M starter code's ``readers.py`` / ``train.py``). The object's class is the one every call site of
the function in the tree passes (``passed_class.py``, through a package's re-exports too); the method is of
another module, and reads that module's own names (``resize_axis``) and the object's other methods, so its
body cannot move to the caller (``objects._same_globals``). It stays in its class instead, as a function of the
record (the reader lines gone: ``prepare_reader(self, serialized)``, as the later starter code's
``prepare_serialized_examples``), and the caller maps the bound method: ``.map(reader.prepare_reader)``. The
tree replaces the method only where every ``x.prepare_reader`` of the tree is a rewritten call (``tree.py``:
the method's key); an object of several classes is left with the note ``passed_class`` gives.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_docstring


def record_method_source(finder, module: cst.Module, stmt: cst.SimpleStatementLine, call: cst.Call,
                         defined: list[str]):
    """The ``Source`` of ``targets = obj.method(queue, ...)`` where ``obj``'s class is another module's and the
    method reads the queue it is given, the method kept in its class as a function of the record; None when the
    call is no such call; ``Refusal`` when it is one that cannot be rewritten."""
    from tfdata_bridge._src.migrate.objects import method_of
    from tfdata_bridge._src.migrate.pipelines import _reads

    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)) or \
            finder.scopes.single_assignment(stmt, func.value.value) is not None:
        return None  # (an object made here: the method moves where it can, ``method_source.py``)
    try:
        hook = self_hook(finder, module, stmt, func)
        fn, cls, home = hook if hook is not None else method_of(finder, module, stmt, func, moves=False)
    except Refusal as exc:
        if hook_refusal(exc):
            raise
        if _given_a_file_queue(finder, stmt, call) and _a_parameter(finder, stmt, func.value.value):
            # (``reader.prepare_reader(queue)``, ``reader`` handed in: what its class is not known for says why)
            raise Refusal(f"the reader object `{func.value.value}` is handed in and its `{func.attr.value}` is "
                          f"given the file queue, but {exc}") from None
        return None
    if home is None or not _reads(fn) or len(fn.body.body) < 2:
        return None
    params = fn.params.params
    if not params or params[0].default is not None or fn.decorators:
        return None
    own = params[0].name.value  # ``self``
    obj = func.value.value
    bound_call = cst.Call(cst.Name(fn.name.value), [cst.Arg(cst.Name(obj)), *call.args])
    source = finder._helper_source(stmt, fn, bound_call, stmt.body[0], defined, home[1])
    helper = source.helper
    record = [p.name.value for p in helper.new_fn.params.params][:len(helper.new_fn.params.params) - len(helper.extra)]
    new_params = list(helper.new_fn.params.params)
    at = next((i for i, p in enumerate(new_params) if p.name.value == own), None)
    if at is not None:
        if at < len(record):
            raise Refusal(f"`{cls.name.value}.{fn.name.value}` names its record like its object (`{own}`)")
        del helper.extra[at - len(record)]
        del new_params[at]
    new_params.insert(0, cst.Param(cst.Name(own)))
    helper.new_fn = helper.new_fn.with_changes(params=helper.new_fn.params.with_changes(params=new_params))
    helper.module_ref, helper.called_as = obj, None  # the map takes the bound method: ``reader.prepare_reader``
    return source


_HOOK = "a base class's hook method"


def hook_refusal(exc: Refusal) -> bool:
    return _HOOK in str(exc)


def _stub(fn: cst.FunctionDef) -> bool:
    """``fn``'s body is (a docstring and) ``raise NotImplementedError[(...)]`` alone: no object runs past it."""
    body = [s for s in fn.body.body if not is_docstring(s)] if isinstance(fn.body, cst.IndentedBlock) else []
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1 or \
            not isinstance(body[0].body[0], cst.Raise):
        return False
    exc = body[0].body[0].exc
    exc = exc.func if isinstance(exc, cst.Call) else exc
    return isinstance(exc, cst.Name) and exc.value == "NotImplementedError"


def _overriding(module: cst.Module, cls: cst.ClassDef, name: str, external) -> list[cst.ClassDef]:
    """The subclasses of ``cls`` (the module's, and the tree's) that define ``name`` again."""
    from tfdata_bridge._src.migrate.subclasses import defines, local_subclasses

    tree = getattr(external, "subclasses", None)
    subs = list(local_subclasses(module, cls))
    if tree is not None:
        subs += [c for c in tree(cls) if all(c is not s for s in subs)]
    return [c for c in subs if defines(c, name)]


def _home(cls: cst.ClassDef, external, module: cst.Module) -> tuple | None:
    """``class_home`` of a class of another module of the tree than ``module`` (which a form may have rewritten:
    compared as the tree read it); None for a class of ``module`` or of no module of the tree."""
    class_home = getattr(external, "class_home", None)
    home = class_home(cls) if class_home is not None else None
    if home is None or home[0] is module or home[0] is getattr(external, "tree_module", None) or \
            any(cls is d for d in module.body):
        return None
    return home


def hook_override(module: cst.Module, cls: cst.ClassDef, fn: cst.FunctionDef, external) -> cst.FunctionDef | None:
    """The one method that runs for ``self.<fn>`` where ``fn`` is ``cls``'s stub and one subclass of another
    module of the tree defines it again (what ``self_hook`` rewrites); None otherwise."""
    if not _stub(fn):
        return None
    overriding = _overriding(module, cls, fn.name.value, external)
    if len(overriding) != 1 or _home(overriding[0], external, module) is None:
        return None
    fns = [s for s in overriding[0].body.body if isinstance(s, cst.FunctionDef) and s.name.value == fn.name.value]
    return fns[0] if len(fns) == 1 and not fns[0].decorators else None


def self_hook(finder, module: cst.Module, stmt: cst.CSTNode, func: cst.Attribute):
    """``(method, its class, home)`` for ``self.name(queue)`` called in a method of a base class that declares
    ``name`` as a stub (``raise NotImplementedError``) which one subclass of another module of the tree overrides
    (the hook a base class's batching method reads its records through); None where ``func`` is not ``self.name``
    of such a stub; ``Refusal`` where the hook is overridden other than once in another module."""
    scope = finder.scopes.scope(stmt)
    caller = getattr(scope, "node", None)
    cls = getattr(getattr(scope, "parent", None), "node", None)
    obj, name = func.value.value, func.attr.value
    if not (isinstance(caller, cst.FunctionDef) and isinstance(cls, cst.ClassDef) and caller.params.params
            and caller.params.params[0].name.value == obj and not caller.decorators
            and any(c is cls for c in module.body)):
        return None
    own = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name] \
        if isinstance(cls.body, cst.IndentedBlock) else []
    if len(own) != 1 or not _stub(own[0]):
        return None
    overriding = _overriding(module, cls, name, finder.external)
    where = f"`{obj}.{name}` in `{cls.name.value}.{caller.name.value}` ({_HOOK})"
    if all(_home(c, finder.external, module) is None for c in overriding):
        return None  # (none, or the module's own subclasses: ``inherited.py`` and ``join._method`` say why)
    if len(overriding) > 1:
        shown = ", ".join(sorted(f"`{c.name.value}`" for c in overriding))
        raise Refusal(f"{where} is overridden by {shown}: which one runs depends on the object's class, and the "
                      "rewrite makes one subclass's method a function of the record, not several; "
                      "`migrate --to compat` runs it through the drop-in")
    sub = overriding[0]
    home = _home(sub, finder.external, module)
    if home is None:
        return None
    fns = [s for s in sub.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(fns) != 1 or fns[0].decorators or fns[0].asynchronous or not fns[0].params.params:
        raise Refusal(f"{where}: `{sub.name.value}.{name}` is not one plain method")
    home[2](fns[0])  # the tree refuses it where the method cannot change
    return fns[0], sub, home


def _given_a_file_queue(finder, stmt: cst.CSTNode, call: cst.Call) -> bool:
    """One of the call's arguments is a name bound once, here, to ``string_input_producer``'s queue."""
    for a in call.args:
        made = finder.scopes.single_assignment(stmt, a.value.value) if isinstance(a.value, cst.Name) else None
        if made is not None and finder.is_api(made.body[0].value, "train.string_input_producer"):
            return True
    return False


def _a_parameter(finder, stmt: cst.CSTNode, name: str) -> bool:
    scope = finder.scopes.scope(stmt)
    fn = getattr(scope, "node", None)
    return isinstance(fn, cst.FunctionDef) and name in [p.name.value for p in fn.params.params]


__all__ = ["hook_override", "hook_refusal", "record_method_source", "self_hook"]
