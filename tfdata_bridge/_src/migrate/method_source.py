"""A reader method feeding a batch: ``x, y = self._decode(queue)`` or ``x = decoder.read(queue)``, then a batch.

    class Data:
        def _decode(self, filename_queue, scale=2.0):
            reader = tf.TFRecordReader()
            _, serialized = reader.read(filename_queue)
            features = tf.parse_single_example(serialized, spec)
            return features["x"] * scale

        def inputs(self, batch_size):
            queue = tf.train.string_input_producer(self.files, num_epochs=1)
            x = self._decode(queue)
            return tf.train.batch([x], batch_size)

The method (resolved by ``objects.py``: the caller's own class, or the class of an object the module makes)
is inlined into the per-record function: its parameters bound, its statements after the reader lines, then
``x = <what it returned>``, then the caller's own statements. It goes from its class when this call was its
only use. Module-level reader helpers keep their own form (``helpers.py``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, names_in, nodes_of
from tfdata_bridge._src.migrate.own_queue import own_file_queue
from tfdata_bridge._src.migrate.queue_helpers import helper_file_queue
from tfdata_bridge._src.migrate.reader_fn import reader_fn
from tfdata_bridge._src.migrate.reader_setup import place_setup
from tfdata_bridge._src.migrate.record_keys import KEYED_READERS
from tfdata_bridge._src.migrate.static_stages import static_stage
from tfdata_bridge._src.migrate.subclasses import uses_in_unrelated_classes


def method_source(finder, stmt: cst.SimpleStatementLine, call: cst.Call, defined: list[str]):
    """The ``Source`` of ``stmt`` (``targets = obj.method(queue, ...)``) when the method reads the file queue it is
    given; None when ``call`` is no such method call; ``Refusal`` when it is one that cannot be inlined."""
    from tfdata_bridge._src.migrate.join import _any_method, _attribute_uses
    from tfdata_bridge._src.migrate.pipelines import READERS, Source, _reads
    from tfdata_bridge._src.migrate.reader_fn import _nodes

    def _reads_up_to(fn: cst.FunctionDef) -> bool:
        return any(isinstance(c.func, cst.Attribute) and c.func.attr.value == "read_up_to"
                   for c in _nodes(fn.body, cst.Call))

    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
        return None
    module = _module_of(finder, stmt)
    if module is None:
        return None
    static = static_stage(finder, module, stmt, func)  # ``self.m`` / ``Class.m`` of a static or class method
    written = None
    if static is not None:
        written, fn, cls = static
        foreign = None
    else:
        try:
            fn, foreign, cls = _any_method(finder, module, stmt, func)
        except Refusal:
            # (a reader object another module's class makes, handed in: its method stays there, a function of
            # the record, ``reader_objects.py``; else not a method this module defines: left to the others)
            from tfdata_bridge._src.migrate.reader_objects import record_method_source

            return record_method_source(finder, module, stmt, call, defined)
    if not _reads(fn) and not _reads_up_to(fn):
        return None
    name = fn.name.value
    queues = [a.value for a in call.args if isinstance(a.value, cst.Name)
              and (q := finder.scopes.single_assignment(stmt, a.value.value)) is not None
              and finder.is_api(q.body[0].value, "train.string_input_producer")]
    made = None
    if not queues:  # ``queue = file_queue(files)``: a file-queue helper of this module (queue_helpers.py)
        helped = [(a.value, m) for a in call.args if isinstance(a.value, cst.Name)
                  and (q := finder.scopes.single_assignment(stmt, a.value.value)) is not None
                  and (m := helper_file_queue(finder, q, q.body[0].value)) is not None]
        if len(helped) == 1:
            queues, made = [helped[0][0]], helped[0][1]
    own = own_file_queue(foreign or finder, fn) if not queues else None
    if own is not None:  # the method makes its own file queue: read as if the caller had handed it over
        fn, call, queue, producer = own.as_given(fn, call)
        queue_stmt = None
    elif len(queues) != 1:
        raise Refusal(f"`{name}` is not given one file queue made by `string_input_producer`, nor makes one"
                      + _stored_queue(cls, fn))
    else:
        queue, producer = queues[0].value, None
        queue_stmt = finder.scopes.single_assignment(stmt, queue)
        if [r for r in finder.scopes.readers_of(queue_stmt, queue) if r is not queues[0]]:
            raise Refusal(f"the file queue `{queue}` is used beyond `{name}`")
    # (a sibling class's ``self.<name>`` runs its own method: ``subclasses.uses_in_unrelated_classes``)
    siblings = uses_in_unrelated_classes(module, cls, name) if not foreign and isinstance(cls, cst.ClassDef) else 0
    if _attribute_uses(module, name) - siblings - \
            (0 if foreign else _attribute_uses(own.fn if own else fn, name)) != 1:
        raise Refusal(f"the method `{name}` is used beyond this pipeline; it cannot move into tf.data")
    got = reader_fn(foreign or finder, fn, call, True, queue, "_", READERS, func.value.value, cls, producer)
    if own is not None:
        fn = own.fn  # (the method as written: what the rewrite removes)
    if written is not None:
        fn = written  # (a static or class method: as written, decorator and all)
    kind = got.kind
    keyed = got.key != "_" and (any(got.key in names_in(s) for s in got.rest) or got.key in names_in(got.returned))
    if keyed and kind not in KEYED_READERS:  # the others' keys are made again per file (record_keys.py)
        raise Refusal(f"the record key `{got.key}` is used; the rewrite knows no key format of {kind}")
    target = stmt.body[0].targets[0].target
    inlined = [*got.rest, cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], got.returned)])]
    queue_args = own.arguments(got.producer) if own is not None else made[0] if made is not None else \
        bind(queue_stmt.body[0].value, "train.string_input_producer")
    from tfdata_bridge._src.migrate.join import _reader_args_at  # (the join's module reads this one)

    source = Source("reader", [s for s in (queue_stmt, stmt) if s is not None],
                    [got.key, got.value] if keyed else [got.value], call=queue_args,
                    reader=kind, reader_args=_reader_args_at(finder, foreign or finder, got.reader_call, kind, stmt), keyed=keyed)
    source.inlined = inlined
    source.setup = place_setup(finder, stmt, got.setup, foreign, name)
    if foreign:
        source.foreign = [fn]
    else:
        source.removes = [fn, *(got.removes or ()), *(made[1] if made is not None else ())]
    if got.up_to is not None:
        source.up_to = module.code_for_node(got.up_to)
    return source


def _stored_queue(cls, fn: cst.FunctionDef) -> str:
    """Where ``fn`` reads the queue ``self.attr`` that its class's ``__init__`` stores from a parameter
    (``self.filename_queue = filename_queue``: the queue made by whoever constructs the object), that said, with
    the fix; ``""`` otherwise."""
    if not isinstance(cls, cst.ClassDef) or not fn.params.params:
        return ""
    me = fn.params.params[0].name.value
    read = [c.args[0].value for c in nodes_of(fn.body, cst.Call) if isinstance(c.func, cst.Attribute)
            and c.func.attr.value in ("read", "read_up_to") and c.args and isinstance(c.args[0].value, cst.Attribute)
            and isinstance(c.args[0].value.value, cst.Name) and c.args[0].value.value.value == me]
    init = next((f for f in cls.body.body if isinstance(f, cst.FunctionDef) and f.name.value == "__init__"), None)
    if len(read) != 1 or init is None or not init.params.params:
        return ""
    attr, own = read[0].attr.value, init.params.params[0].name.value
    params = {p.name.value for p in [*init.params.params[1:], *init.params.kwonly_params]}
    for a in nodes_of(init.body, cst.Assign):
        t = a.targets[0].target if len(a.targets) == 1 else None
        if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == own and \
                t.attr.value == attr and isinstance(a.value, cst.Name) and a.value.value in params:
            return (f": it reads `{me}.{attr}`, the queue `{cls.name.value}.__init__` stores from its parameter "
                    f"`{a.value.value}`, made by the code constructing the object; the rewrite follows a queue made "
                    f"by the reading method or handed to it as an argument; not rewritten: keep the file names on "
                    f"the object and make the `string_input_producer` in `{fn.name.value}`")
    return ""


def check_inlined(p) -> None:
    """The method's own names must not hide a name the caller's statements read (they now share one function)."""
    inlined = p.source.inlined
    if not inlined:
        return
    own = {p.source.params[0]}
    for s in inlined[:-1]:
        for a in _assigned_names(s):
            own.add(a)
    read = set()
    for s in p.intermediates[len(inlined):]:
        read |= names_in(s)
    read |= names_in(p.args["tensors"])
    defined = set(names_in(inlined[-1].body[0].targets[0].target))
    clash = (own & read) - defined
    if clash:
        raise Refusal(f"the method's `{sorted(clash)[0]}` would hide the caller's; not inlined")


def _assigned_names(stmt: cst.CSTNode) -> set[str]:
    from tfdata_bridge._src.migrate.reader_fn import _assigned

    return _assigned([stmt])


def _module_of(finder, node: cst.CSTNode) -> cst.Module | None:
    """The module ``finder`` reads."""
    return finder.module


__all__ = ["check_inlined", "method_source"]
