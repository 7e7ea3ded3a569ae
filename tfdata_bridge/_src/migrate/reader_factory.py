"""A reader made by a factory of this module: a function or method whose one statement returns the reader.

    class Shards(object):                          # inception's ``Dataset.reader()``
        def reader(self):
            return tf.TFRecordReader()
    ...
    reader = dataset.reader()                      # ``dataset`` made once here, or passed by every caller
    _, value = reader.read(filename_queue)         # (also ``make_reader().read(filename_queue)``)

The reader is the factory's ``return`` value, followed by scope: a module function by its name, a method by
the class of its object (``objects.method_of``: the object made once, or the one class every caller in the module
passes; in a tree, ``passed_class.py``: the one class every caller anywhere passes, through the functions that
pass it on). It must take no arguments and return a reader whose arguments read no names (they would move to the
call). A factory this read alone calls goes with the pipeline; one that other reads call too, or one of another
module, stays until no code names it (``dead_factories.py``). Anything else is no factory this follows (the
reader is then "not one of" the readers), or a refusal that names the factory.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tfdata_bridge._src.migrate.calls import is_docstring, names_in, Refusal
from tfdata_bridge._src.migrate.subclasses import OVERRIDDEN as _OVERRIDDEN


def factory_reader(finder, at: cst.CSTNode, expr: cst.BaseExpression, readers: tuple[str, ...]
                   ) -> tuple[cst.Call, cst.FunctionDef | None] | None:
    """(the reader call the factory returns, the factory where it goes with this pipeline) where ``expr`` (at the
    statement ``at``) calls one; None where it is no call of a factory this follows. A factory that other reads
    call too, or one of another module's class, stays here (None): ``dead_factories`` drops it once no
    rewritten code calls it. ``obj.reader()`` of an object whose class is one of a known set (a registry, a
    factory function: ``known_classes.py``) is followed where nothing else is."""
    refused = None
    try:
        got = _factory_reader(finder, at, expr, readers)
    except Refusal as exc:
        if not str(exc).endswith(_READS_NAMES):
            raise
        got, refused = None, exc
    if got is None and isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute) \
            and isinstance(expr.func.value, cst.Name) and getattr(finder, "module", None) is not None:
        from tfdata_bridge._src.migrate.known_classes import known_reader

        made = known_reader(finder, finder.module, at, expr.func, readers)
        if made is not None:
            return made, None
    if refused is not None:
        raise refused
    return got


_READS_NAMES = "takes arguments that read names; they cannot move to its call"


def _factory_reader(finder, at: cst.CSTNode, expr: cst.BaseExpression, readers: tuple[str, ...]
                    ) -> tuple[cst.Call, cst.FunctionDef | None] | None:
    from tfdata_bridge._src.migrate.join import _any_method, _attribute_uses
    from tfdata_bridge._src.migrate.method_source import _module_of
    from tfdata_bridge._src.migrate.object_uses import tree_uses

    if not isinstance(expr, cst.Call) or expr.args:
        return None
    func, module, foreign = expr.func, _module_of(finder, at), None
    if module is None:
        return None
    if isinstance(func, cst.Name):
        fn = finder.scopes.module_function(at, func.value)
        uses = len(finder.scopes.callers(fn)) if fn is not None else 0
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        try:
            fn, foreign, _ = _any_method(finder, module, at, func)
        except Refusal as exc:
            from tfdata_bridge._src.migrate.self_readers import self_reader

            hook = self_reader(finder, module, at, func, readers)  # (an abstract or overridden ``self.reader()``)
            if hook is not None:
                return hook, None
            if _OVERRIDDEN in str(exc):  # (``self.reader()`` that a subclass overrides: said, not guessed)
                raise
            found = _passed_method(finder, module, at, func)  # an object passed in from another module of the tree
            if found is None:
                found = _stored_method(finder, module, at, func)  # ``dataset = self.dataset``
            if found is None:
                return None
            fn, foreign = found
        uses = _attribute_uses(module, func.attr.value)
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute):  # ``self.dataset.reader()``
        found = _stored_method(finder, module, at, func)
        if found is None:
            return None
        fn, foreign = found
        uses = _attribute_uses(module, func.attr.value)
    else:
        return None
    body = factory_body(fn) if fn is not None else ()
    last = body[0] if len(body) == 1 else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    made = ret.value if isinstance(ret, cst.Return) else None
    if isinstance(made, cst.Call) and foreign is not None:  # the reader named in its own module's imports
        finder.paths.setdefault(made, foreign.api(made))
    if not isinstance(made, cst.Call) or finder.is_api(made, *readers) is None:
        return None
    name = fn.name.value
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"the reader factory `{name}` is decorated or async")
    elsewhere = getattr(finder.external, "uses_elsewhere", None)  # other modules of a migrated tree
    if isinstance(func, cst.Name) and elsewhere is not None and elsewhere(func.value) or \
            isinstance(func, cst.Attribute) and tree_uses(finder.external, func.attr.value):
        uses += 1
    if names_in(cst.Tuple([cst.Element(a.value) for a in made.args])) - {"True", "False", "None"}:
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            from tfdata_bridge._src.migrate.self_readers import self_reader

            hook = self_reader(finder, module, at, func, readers)  # (``self.reader()`` reading ``self.<attr>``)
            if hook is not None:
                return hook, None
        raise Refusal(f"the reader `{name}` returns {_READS_NAMES}")
    if uses != 1 or foreign is not None:
        return made, None  # called by other reads too, or another module's: it goes once none calls it (dead_factories)
    return made, fn


def factory_body(fn: cst.FunctionDef) -> tuple[cst.BaseStatement, ...]:
    """``fn``'s statements less a leading docstring (Inception's ``Dataset.reader`` has one above its
    ``return tf.TFRecordReader()``)."""
    body = tuple(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else ()
    return body[1:] if len(body) > 1 and is_docstring(body[0]) else body


def _passed_method(finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute
                   ) -> tuple[cst.FunctionDef, object | None] | None:
    """(the method, its module's Finder where that is another module) of ``obj.name()`` where ``obj`` is a
    parameter every caller in the tree passes an object of one class (``passed_class.py``); None otherwise."""
    from tfdata_bridge._src.migrate.passed_class import passed_class

    if finder.external is None or not isinstance(func.value, cst.Name):
        return None
    return _method_of(module, func, lambda: passed_class(finder, module, at, func.value.value))


def _stored_method(finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute
                   ) -> tuple[cst.FunctionDef, object | None] | None:
    """(the method, its module's Finder where that is another module) of ``self.obj.name()`` (or of a local bound
    once to ``self.obj``) where ``self.obj`` is the object every construction of the class hands its
    ``__init__`` (``stored_class.py``); None otherwise."""
    from tfdata_bridge._src.migrate.stored_class import stored_class

    if finder.external is None:
        return None
    return _method_of(module, func, lambda: stored_class(finder, module, at, func.value))


def _method_of(module: cst.Module, func: cst.Attribute, owner: Callable[[], tuple]
               ) -> tuple[cst.FunctionDef, object | None] | None:
    """(the method ``func`` names on the class ``owner()`` finds (class, its module, that module's Finder), that
    Finder where the module is another) for a plain method with parameters; None where ``owner`` refuses or the
    method is decorated, async or takes nothing."""
    from tfdata_bridge._src.migrate.objects import _lookup

    try:
        cls, home, home_finder = owner()
        fn = _lookup(home_finder, home, cls, func.attr.value)
    except Refusal:
        return None
    if fn.decorators or fn.asynchronous or not fn.params.params:
        return None
    return fn, (home_finder if home is not module else None)
