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

from tfdata_bridge._src.migrate.calls import Refusal


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
        fn, cls, home = method_of(finder, module, stmt, func, moves=False)
    except Refusal as exc:
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


__all__ = ["record_method_source"]
