"""A reader made by a factory of this module: a function or method whose one statement returns the reader.

    class Shards(object):                          # inception's ``Dataset.reader()``
        def reader(self):
            return tf.TFRecordReader()
    ...
    reader = dataset.reader()                      # ``dataset`` made once here, or passed by every caller
    _, value = reader.read(filename_queue)         # (also ``make_reader().read(filename_queue)``)

The reader is the factory's ``return`` value, followed by scope: a module function by its name, a method by
the class of its object (``objects.method_of``: the object made once, or the one class every caller in the module
passes). The factory goes with the pipeline, so it must be called here alone, take no arguments and return a
reader whose arguments read no names (they would move to the call); in a tree, no other module may use it. Anything else is no factory this follows
(the reader is then "not one of" the readers), or a refusal that names the factory.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, names_in


def factory_reader(finder, at: cst.CSTNode, expr: cst.BaseExpression, readers: tuple[str, ...]
                   ) -> tuple[cst.Call, cst.FunctionDef] | None:
    """(the reader call the factory returns, the factory) where ``expr`` (at the statement ``at``) calls one;
    None where it is no call of a factory of this module."""
    from tfdata_bridge._src.migrate.join import _any_method, _attribute_uses
    from tfdata_bridge._src.migrate.method_source import _module_of
    from tfdata_bridge._src.migrate.object_uses import tree_uses

    if not isinstance(expr, cst.Call) or expr.args:
        return None
    func, module = expr.func, _module_of(finder, at)
    if module is None:
        return None
    if isinstance(func, cst.Name):
        fn = finder.scopes.module_function(at, func.value)
        uses = len(finder.scopes.callers(fn)) if fn is not None else 0
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        try:
            fn, foreign, _ = _any_method(finder, module, at, func)
        except Refusal:
            return None
        if foreign is not None:
            return None  # another module's method: its body is that module's to change
        uses = _attribute_uses(module, func.attr.value)
    else:
        return None
    body = fn.body.body if fn is not None and isinstance(fn.body, cst.IndentedBlock) else ()
    last = body[0] if len(body) == 1 else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    made = ret.value if isinstance(ret, cst.Return) else None
    if not isinstance(made, cst.Call) or finder.is_api(made, *readers) is None:
        return None
    name = fn.name.value
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"the reader factory `{name}` is decorated or async")
    elsewhere = getattr(finder.external, "uses_elsewhere", None)  # other modules of a migrated tree
    if isinstance(func, cst.Name) and elsewhere is not None and elsewhere(func.value) or \
            isinstance(func, cst.Attribute) and tree_uses(finder.external, func.attr.value):
        uses += 1
    if uses != 1:
        raise Refusal(f"the reader factory `{name}` is used beyond this read; it cannot go with the pipeline "
                      "(give this read its own reader, or keep the queues: `migrate --to compat`)")
    if names_in(cst.Tuple([cst.Element(a.value) for a in made.args])) - {"True", "False", "None"}:
        raise Refusal(f"the reader `{name}` returns takes arguments that read names; they cannot move to its call")
    return made, fn
