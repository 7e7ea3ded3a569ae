"""A reader method that makes its own file queue (the NSynth reader's ``get_example``):

    def get_example(self, batch_size):
        reader = tf.TFRecordReader()
        num_epochs = None if self.is_training else 1
        path_queue = tf.train.input_producer([self.record_path], num_epochs=num_epochs,
                                             shuffle=self.is_training, capacity=batch_size)
        _, serialized = reader.read(path_queue)
        return tf.parse_single_example(serialized, features)

It is read as the method it would be had the caller made the queue and handed it over: the producer's line
goes, the queue becomes a parameter, and the producer's arguments are what the caller writes (its parameters
bound, ``self`` the object called, the values it computes written again where the dataset is built:
``reader_setup.py``). ``input_producer`` over file names is ``string_input_producer`` (which calls it).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, is_none, name_counts, nodes_of

_PRODUCERS = ("train.string_input_producer", "train.input_producer")


@dataclass
class OwnQueue:
    fn: cst.FunctionDef  # the method as written
    stmt: cst.SimpleStatementLine  # ``queue = tf.train.input_producer(...)``
    queue: str  # the name it binds
    api: str  # which producer
    body: list[cst.BaseStatement] | None = None  # its statements, graph scopes' blocks in their place

    def as_given(self, fn: cst.FunctionDef, call: cst.Call) -> tuple[cst.FunctionDef, cst.Call, str, cst.Call]:
        """(the method without its producer line, the queue one more parameter; the call handing it over by
        keyword; the queue's name; the producer call)."""
        body = [s for s in (self.body if self.body is not None else fn.body.body) if s is not self.stmt]
        params = fn.params.params
        given = fn.with_changes(body=fn.body.with_changes(body=body), params=fn.params.with_changes(
            params=[*params, cst.Param(cst.Name(self.queue))]))
        handed = call.with_changes(args=[*call.args, cst.Arg(cst.Name(self.queue), keyword=cst.Name(self.queue))])
        return given, handed, self.queue, self.stmt.body[0].value

    def arguments(self, producer: cst.Call) -> dict[str, cst.BaseExpression]:
        """The producer's arguments as ``string_input_producer``'s."""
        args = bind(producer, self.api)
        if self.api == "train.input_producer":
            for bad in ("element_shape", "summary_name"):
                if not is_none(args.get(bad)):
                    raise Refusal(f"the file queue's input_producer has {bad}=; not rewritten")
            args = {("string_tensor" if k == "input_tensor" else k): v for k, v in args.items()
                    if k not in ("element_shape", "summary_name")}
        for bad in ("shared_name", "cancel_op"):
            if not is_none(args.get(bad)):
                raise Refusal(f"the file queue has {bad}=: shared with other sessions or closed by an op; "
                              "not rewritten")
        return args


def own_file_queue(finder, fn: cst.FunctionDef) -> OwnQueue | None:
    """The file queue ``fn`` makes in its own top-level statements and reads once with a reader's ``read``;
    None when it makes none (or more than one). Statements in ``with tf.name_scope(...)`` /
    ``tf.variable_scope(...)`` / ``tf.device(...)`` blocks count as top-level (``helpers._unscoped``): the method is
    read without them, a graph scope meaning nothing inside the per-record function it becomes."""
    from tfdata_bridge._src.migrate.helpers import _unscoped

    if not isinstance(fn.body, cst.IndentedBlock):
        return None
    body = _unscoped(finder, list(fn.body.body))
    made = []
    for stmt in body:
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and \
                isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1 and \
                isinstance(stmt.body[0].targets[0].target, cst.Name) and isinstance(stmt.body[0].value, cst.Call):
            api = finder.is_api(stmt.body[0].value, *_PRODUCERS)
            if api is not None:
                made.append((stmt, stmt.body[0].targets[0].target.value, api))
    if len(made) != 1:
        return None
    stmt, queue, api = made[0]
    reads = [c for c in nodes_of(fn.body, cst.Call) if isinstance(c.func, cst.Attribute)
             and c.func.attr.value in ("read", "read_up_to") and c.args and isinstance(c.args[0].value, cst.Name)
             and c.args[0].value.value == queue]
    uses = sum(name_counts(s)[queue] for s in body)
    if len(reads) != 1 or uses != 2:  # made, read
        return None
    full = {"string_input_producer": "train.string_input_producer", "input_producer": "train.input_producer"}
    scoped = any(s not in fn.body.body for s in body)
    return OwnQueue(fn, stmt, queue, full.get(api.rsplit(".", 1)[-1], api), body if scoped else None)
