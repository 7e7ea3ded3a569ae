"""Pipelines kept on an object's attributes that ``object_pipeline.py`` does not take: refused, with a reason
that says so (``object_pipeline.py`` says its own reason instead where it found the pipeline and refused it).

A class that makes its source in one method and reads or batches it in another shares the pipeline through its
instance (held-out rounds 7 and 8)::

    def __init__(self, config):
        self.input_queue = tf.train.slice_input_producer([paths, labels], num_epochs=2)
    def read(self):                      # the class's own method, not a reader's ``read``
        return decode(self.input_queue[0]), self.input_queue[1]
    def batch(self):
        image, label = self.read()
        return tf.train.batch([image, label], ...)

The recogniser follows names inside a function and the calls it makes, not the state of an object, so such a
pipeline is left; these reasons name the method, the attribute and where it is made, instead of taking the
method for a reader's ``read`` or saying that no source is in the block.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.subclasses import OVERRIDDEN, overriders

_NOT_YET = "a pipeline kept on an object's attributes and used in another method is not rewritten yet"
# (a reason a class form's own says more than: ``to_tfdata._vague``)
BASE_BATCH = "which the rewrite does not follow into a base class's batch yet"


def _method_and_self(finder, at: cst.CSTNode) -> tuple[cst.FunctionDef, cst.ClassDef, str] | None:
    """(the method holding ``at``, its class, the name its instance is bound to) when ``at`` is in a method."""
    scope = finder.scopes.scope(at)
    fn = getattr(scope, "node", None)
    cls = getattr(getattr(scope, "parent", None), "node", None)
    if not (isinstance(fn, cst.FunctionDef) and isinstance(cls, cst.ClassDef) and fn.params.params):
        return None
    if not any(s is fn for s in cls.body.body) or fn.decorators:
        return None  # a nested function, or a static / class method: no instance in its first parameter
    return fn, cls, fn.params.params[0].name.value


def _attributes_read(node: cst.CSTNode, instance: str) -> list[str]:
    return list(dict.fromkeys(a.attr.value for a in nodes_of(node, cst.Attribute)
                              if isinstance(a.value, cst.Name) and a.value.value == instance))


def _made(finder, cls: cst.ClassDef, attr: str, besides: cst.FunctionDef) -> tuple[str, str | None] | None:
    """(the method of ``cls`` other than ``besides`` that sets ``self.attr``, the legacy source it calls, if
    any) for the first such method."""
    for fn in cls.body.body:
        if not isinstance(fn, cst.FunctionDef) or fn is besides or not fn.params.params:
            continue
        instance = fn.params.params[0].name.value
        for assign in nodes_of(fn, cst.Assign):
            if any(isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name)
                   and t.target.value.value == instance and t.target.attr.value == attr for t in assign.targets):
                sources = [s for c in nodes_of(fn, cst.Call) if (s := finder._other_source(c)) is not None]
                return fn.name.value, (sources[0] if sources else None)
    return None


def _kept(finder, cls: cst.ClassDef, attrs: list[str], besides: cst.FunctionDef, instance: str) -> list[str]:
    """``self.a``, ``self.b``, set in ``method`` (which calls ``source``): ``attrs`` that other methods set, grouped
    by the method that sets them (``instance``: the name the reading method gives its instance)."""
    groups: dict[tuple[str, str | None], list[str]] = {}
    for attr in attrs:
        made = _made(finder, cls, attr, besides)
        if made is not None:
            groups.setdefault(made, []).append(f"`{instance}.{attr}`")
    return [f"{', '.join(names)}, set in `{method}`" + (f" (which calls `{source}`)" if source else "")
            for (method, source), names in groups.items()]


def _own_method(finder, stmt: cst.CSTNode, call: cst.Call, overridden: bool = False
                ) -> tuple[str, str, list[str]] | None:
    """(``obj.m()`` as written, ``Class.m``, what of the instance it reads that other methods set) where ``call``
    calls a method this program defines; None otherwise (``overridden``: a closure's ``self.m()`` that subclasses
    override is refused, naming them)."""
    from tfdata_bridge._src.migrate.join import _any_method
    from tfdata_bridge._src.migrate.method_source import _module_of

    func = call.func
    module = _module_of(finder, stmt)
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)) or module is None:
        return None
    try:
        fn, _, cls = _any_method(finder, module, stmt, func)
    except Refusal as exc:
        if overridden:
            _refuse_overridden_from_closure(finder, module, stmt, func)
        return None
    owner = f"{cls.name.value}.{fn.name.value}" if cls is not None else fn.name.value
    kept = []
    if cls is not None and fn.params.params:
        instance = fn.params.params[0].name.value
        kept = _kept(finder, cls, _attributes_read(fn, instance), fn, instance)
    return f"{func.value.value}.{func.attr.value}()", owner, kept


def _refuse_overridden_from_closure(finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute) -> None:
    """Refuses ``self.m()`` read in a function nested in a method (``def input_fn(): x = self._read_one()``,
    ``self`` that method's first parameter) where subclasses of the method's class override ``m``: what feeds
    the batch is a subclass's reader (held-out round 47's ``CSVReader._read_one`` under ``Reader.get_input_fn``)."""
    from libcst.metadata import Assignment

    scope = finder.scopes.scope(at)
    if scope is None or not isinstance(func.value, cst.Name):
        return
    found = list(scope[func.value.value])
    if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].node, cst.Param):
        return
    method, cls = getattr(found[0].scope, "node", None), getattr(getattr(found[0].scope, "parent", None), "node", None)
    if not (isinstance(method, cst.FunctionDef) and isinstance(cls, cst.ClassDef) and method.params.params
            and method.params.params[0] is found[0].node and not method.decorators
            and any(s is method for s in cls.body.body)):
        return
    name = func.attr.value
    overridden = overriders(finder, module, cls, name)
    if overridden:
        raise Refusal(f"`{func.value.value}.{name}()` in `{cls.name.value}.{method.name.value}` is overridden by "
                      f"{', '.join(f'`{n}`' for n in overridden)}{OVERRIDDEN}, {BASE_BATCH}; `migrate --to compat` runs it through the "
                      "drop-in")


def refuse_own_method_read(finder, stmt: cst.CSTNode, call: cst.Call) -> None:
    """Refuses ``x = obj.read()`` where ``read`` is a method this program defines (it did not qualify as a reader
    method: ``method_source.py``): it is no reader's ``read``. Returns where ``call`` is no such method call."""
    found = _own_method(finder, stmt, call)
    if found is None:
        return
    written, owner, kept = found
    what = f"`{written}` calls `{owner}`, a method of this program, not a reader's `read`"
    if kept:
        raise Refusal(f"{what}; it reads {', '.join(kept)}: {_NOT_YET}")
    raise Refusal(f"{what}, and it reads no file queue it is given")


def refuse_kept_pipeline(finder, stmt: cst.CSTNode, tensors: cst.BaseExpression, between: list[cst.CSTNode],
                         api: str) -> None:
    """Refuses a batch (``stmt``) with no recognised source whose tensors are attributes of its instance that
    another method makes, or come from a call (among ``between``, the statements that compute them) of a method
    that reads such attributes. Returns otherwise."""
    found = _method_and_self(finder, stmt)
    if found is not None:
        fn, cls, instance = found
        kept = _kept(finder, cls, _attributes_read(tensors, instance), fn, instance)
        if kept:
            raise Refusal(f"this `{api}` batches {', '.join(kept)}: {_NOT_YET}")
    for node in between:
        for call in nodes_of(node, cst.Call):
            own = _own_method(finder, node, call, overridden=True)
            if own is not None and own[2]:
                written, owner, kept = own
                said = _provider(finder, stmt, api)  # (a provider object: that form, and what stood in its way)
                if said is not None:
                    raise Refusal(said)
                raise Refusal(f"`{written}` calls `{owner}`, a method of this program that reads {', '.join(kept)}: "
                              f"{_NOT_YET}")


def _provider(finder, stmt: cst.CSTNode, api: str) -> str | None:
    from tfdata_bridge._src.migrate.method_source import _module_of
    from tfdata_bridge._src.migrate.provider_objects import provider_reason

    module = _module_of(finder, stmt)
    return provider_reason(module, finder, stmt, api) if module is not None and \
        isinstance(stmt, cst.SimpleStatementLine) else None


def refuse_held_object_read(finder, stmt: cst.CSTNode, call: cst.Call) -> None:
    """Refuses ``x = self.attr.read(...)`` where the method holding it binds ``self.attr`` only to calls that are
    not of a TensorFlow reader (``self._reader = DataReader(...)``, a class of this program): what a TF reader is
    goes by the binding, not by the method's name ``read``. Returns otherwise (an attribute bound to a reader, or
    bound elsewhere, is the recogniser's to judge)."""
    from tfdata_bridge._src.migrate.pipelines import PLAIN_READERS

    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute) and
            isinstance(func.value.value, cst.Name)):
        return
    found = _method_and_self(finder, stmt)
    if found is None or func.value.value.value != found[2]:
        return
    fn, cls, me = found
    attr = func.value.attr.value
    values = [a.value for a in nodes_of(fn, cst.Assign) if any(
        isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name) and t.target.value.value == me
        and t.target.attr.value == attr for t in a.targets)]
    if not values or not all(isinstance(v, cst.Call) for v in values) or \
            any(finder.is_api(v, *PLAIN_READERS) is not None or finder.api(v) is not None for v in values):
        return
    made = cst.Module([]).code_for_node(values[0].func)
    raise Refusal(f"`{me}.{attr}.{func.attr.value}(...)` calls a method of `{made}`, an object of this program "
                  f"held on `{me}.{attr}`, not a reader's `read`; such an object is followed only where "
                  f"`{me}.{attr}` is named nowhere else (here, in the tree's other modules or as a string) and its "
                  "class is a plain one whose method makes the whole source")


__all__ = ["refuse_held_object_read", "refuse_kept_pipeline", "refuse_own_method_read"]
