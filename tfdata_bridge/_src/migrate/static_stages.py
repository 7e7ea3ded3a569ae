"""Reader stages kept as ``@staticmethod``s and ``@classmethod``s of this module's classes:

    class SRDataset:
        @staticmethod
        def read_and_decode(filename_queue, scale):
            reader = tf.TFRecordReader()
            _, serialized = reader.read(filename_queue)
            hr, patch_id = SRDataset.decode_patch(serialized)
            return hr, patch_id

        def inputs(self):
            queue = tf.train.string_input_producer(self.files, num_epochs=1)
            hr, patch_id = self.read_and_decode(queue, 2)     # or SRDataset.read_and_decode / cls.read_and_decode
            return tf.train.batch([hr, patch_id], 4)

The call is followed to the method it runs and read as a plain method (``method_source.py``): a static method
gets a first parameter no body reads; a class method's own first parameter is the class, which the call site
names exactly when it calls through the class's name (``SRDataset.m``) or through a class method's own ``cls``
(``cls.m`` in a class method of the same class). A class method called through an instance (``self.m``) is
followed only when its body does not use its class parameter (``self`` and ``cls`` differ: an instance attribute
hides a class attribute). ``self.m`` / ``cls.m`` run a subclass's ``m`` where one overrides it: refused there.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, names_in

_KINDS = {"staticmethod", "classmethod"}


def _kind(fn: cst.FunctionDef) -> str | None:
    names = [d.decorator.value for d in fn.decorators if isinstance(d.decorator, cst.Name)]
    if len(fn.decorators) != 1 or len(names) != 1 or names[0] not in _KINDS:
        return None
    return names[0]


def _enclosing(finder, at: cst.CSTNode) -> tuple[cst.FunctionDef | None, cst.ClassDef | None]:
    scope = finder.scopes.scope(at)
    caller = getattr(scope, "node", None)
    cls = getattr(getattr(scope, "parent", None), "node", None)
    return (caller if isinstance(caller, cst.FunctionDef) else None,
            cls if isinstance(cls, cst.ClassDef) else None)


def _module_class(module: cst.Module, name: str) -> cst.ClassDef | None:
    found = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == name]
    return found[0] if len(found) == 1 else None


def static_stage(finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute
                 ) -> tuple[cst.FunctionDef, cst.FunctionDef, cst.ClassDef] | None:
    """(the method as written, the same read as a plain method whose first parameter is ``func``'s object, its
    class) when ``func`` (``self.m``, ``cls.m``, ``Class.m``) names a static or class method of a class this
    module defines; None when it names no such method; ``Refusal`` when it does but cannot be followed."""
    from tfdata_bridge._src.migrate.subclasses import overriders

    if not isinstance(func.value, cst.Name):
        return None
    obj, attr = func.value.value, func.attr.value
    caller, caller_cls = _enclosing(finder, at)
    through_self = caller is not None and caller_cls is not None and bool(caller.params.params) and \
        caller.params.params[0].name.value == obj and not _is_static(caller)
    if through_self:
        cls = caller_cls
    else:
        cls = _module_class(module, obj)
        if cls is None or not _means_class(finder, at, obj, cls):
            return None  # (not a class of this module: an object, left to the other recognisers)
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == attr]
    if len(found) != 1:
        return None
    fn = found[0]
    kind = _kind(fn)
    if kind is None:
        return None
    if fn.asynchronous:
        raise Refusal(f"`{cls.name.value}.{attr}` is async")
    if through_self:
        overridden = overriders(finder, module, cls, attr)
        if overridden:
            raise Refusal(f"`{obj}.{attr}` in `{cls.name.value}` is overridden by "
                          f"{', '.join(f'`{n}`' for n in overridden)}: the call runs a subclass's method there")
    params = list(fn.params.params)
    if obj in [p.name.value for p in params]:
        raise Refusal(f"`{attr}` has a parameter named like the object `{obj}` it is called on")
    body = fn.body
    if kind == "staticmethod":
        if obj in names_in(body):
            raise Refusal(f"the static method `{attr}` uses the name `{obj}` its caller calls it on")
        params = [cst.Param(cst.Name(obj)), *params]
    else:
        if not params:
            raise Refusal(f"the class method `{attr}` takes no class parameter")
        first = params[0].name.value
        caller_kind = _kind(caller) if caller is not None else None
        exact = not through_self or caller_kind == "classmethod"  # ``Class.m`` or a class method's ``cls.m``
        if first in names_in(body) and not exact:
            raise Refusal(f"the class method `{attr}` uses its class `{first}` and is called through the instance "
                          f"`{obj}`, which is not the class (its attributes may hide the class's); call it as "
                          f"`{cls.name.value}.{attr}(...)`")
        # (its class parameter is read as the name the call site gives the class: ``reader_fn``'s method binding)
    plain = fn.with_changes(decorators=[], params=fn.params.with_changes(params=params), body=body)
    return fn, plain, cls


def _means_class(finder, at: cst.CSTNode, name: str, cls: cst.ClassDef) -> bool:
    """``name`` at ``at`` means the module's class ``cls`` and nothing else (no local, parameter or rebinding)."""
    from libcst.metadata import Assignment, GlobalScope

    scope = finder.scopes.scope(at)
    if scope is None:
        return False
    found = list(scope[name])
    return len(found) == 1 and isinstance(found[0], Assignment) and isinstance(found[0].scope, GlobalScope) and \
        found[0].node is cls


def _is_static(fn: cst.FunctionDef) -> bool:
    return _kind(fn) == "staticmethod"


__all__ = ["static_stage"]
