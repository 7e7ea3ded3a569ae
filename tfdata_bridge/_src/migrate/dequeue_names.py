"""File names taken straight from a ``string_input_producer``, with no reader: ``filename_queue.dequeue()``.

    def read_image_op(filename_queue, height, width):      # this module's function, or another module's
        filename = filename_queue.dequeue()                 # (or ``tf.read_file(filename_queue.dequeue())``)
        image = tf.image.decode_png(tf.read_file(filename), channels=1)
        return filename, image

    filename_queue = tf.train.string_input_producer(filenames, num_epochs=2, shuffle=False)
    filename, image = read_image_op(filename_queue, 2, 2)
    batch = tf.train.batch([filename, image], batch_size=4)

``string_input_producer`` is an input producer of its string tensor: each ``dequeue()`` takes the next name, the
names shuffled per epoch as the producer did, repeated ``num_epochs`` times. That is the pipeline's source
(``Source(kind="slice")`` over the names, as for ``input_producer(names).dequeue()``: ``tensors.py``), and
what follows the dequeue is per-element code. A helper given the queue becomes a function of one name: its
dequeue line goes (the name it bound becomes the parameter; a dequeue inside an expression becomes the queue
parameter itself), its other lines stay, and its call moves into the map function with the name for the queue.
Its other callers are counted as for a reader helper (``to_tfdata._undo_uncovered_helpers``, the tree's
requests). The queue must be read by that one dequeue alone: a second consumer would compete for the names.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_none, nodes_of
from tfdata_bridge._src.migrate.helpers import ReaderHelper, _bind_call

_PRODUCER = "train.string_input_producer"


def _dequeue_of(value: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``q`` for ``q.dequeue()``; else None."""
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
            value.func.attr.value == "dequeue" and not value.args:
        return value.func.value
    return None


def _producer(finder, at: cst.CSTNode, queue: cst.BaseExpression
              ) -> tuple[dict[str, cst.BaseExpression], list[cst.SimpleStatementLine]] | None:
    """The bound arguments and statements of the ``string_input_producer`` that ``queue`` names or is; None where
    it is none (a hand-built queue's dequeue is ``handbuilt.py``'s)."""
    made = queue
    if isinstance(queue, cst.Name):
        stmt = finder.scopes.single_assignment(at, queue.value)
        if stmt is None:
            return None
        made = stmt.body[0].value
    if not finder.is_api(made, _PRODUCER):
        return None
    args, stmts = finder._file_queue(at, queue)
    for bad in ("shared_name", "cancel_op"):
        if not is_none(args.get(bad)):
            raise Refusal(f"`string_input_producer({bad}=...)` has no tf.data equivalent")
    if isinstance(queue, cst.Name) and stmts:
        others = [r for r in finder.scopes.readers_of(stmts[-1], queue.value) if r is not queue]
        if others:
            raise Refusal(f"the file queue `{queue.value}` is also used beyond its one `dequeue()` (each name goes to "
                          "one consumer; a second one competes for them)")
    return args, stmts


def _source(args, statements, params, helper=None, inlined=None):
    from tfdata_bridge._src.migrate.pipelines import Source

    call = {**args, "tensor_list": cst.List([cst.Element(args["string_tensor"])])}
    return Source("slice", statements, params, call=call, producer="string_input_producer", helper=helper,
                  inlined=inlined or [])


def dequeued_names(finder, stmt: cst.SimpleStatementLine, assign: cst.Assign, defined: list[str]):
    """``name = filename_queue.dequeue()`` (or ``string_input_producer(...).dequeue()``) in the batch's block:
    the names' source; None for any other statement."""
    queue = _dequeue_of(assign.value)
    if queue is None:
        return None
    found = _producer(finder, stmt, queue)
    if found is None:
        return None
    if not isinstance(assign.targets[0].target, cst.Name):
        raise Refusal("the `string_input_producer` dequeue gives one file name; it must be assigned to one name")
    args, stmts = found
    return _source(args, [*stmts, stmt], defined)


def dequeues_a_parameter(fn: cst.FunctionDef) -> bool:
    """The function calls ``p.dequeue()`` on one of its parameters: a candidate for ``dequeue_helper_source``."""
    params = {p.name.value for p in fn.params.params}
    return any(isinstance(q := _dequeue_of(c), cst.Name) and q.value in params for c in nodes_of(fn, cst.Call))


def dequeue_helper_source(finder, stmt: cst.SimpleStatementLine, fn: cst.FunctionDef, call: cst.Call,
                          assign: cst.Assign, defined: list[str], home=None):
    """``x, y = helper(filename_queue, ...)`` where the helper dequeues the queue it is given: the names' source,
    the helper as a function of one name; None where the queue given is no ``string_input_producer``.
    ``home``: the Finder of the module defining ``fn``, when it is another module."""
    own = home or finder
    name = fn.name.value
    if fn.decorators or fn.asynchronous or not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body:
        return None
    params = {p.name.value for p in fn.params.params}
    dequeues = [c for c in nodes_of(fn, cst.Call) if isinstance(q := _dequeue_of(c), cst.Name) and q.value in params]
    if len(dequeues) != 1:
        return None
    dequeue = dequeues[0]
    if not _once_per_call(fn, dequeue):
        return None
    queue_param = dequeue.func.value.value  # type: ignore[attr-defined]
    bound = _bind_call(fn, call)
    given = bound.get(queue_param)
    found = _producer(finder, stmt, given) if given is not None else None
    produced = _tensor_queue(finder, stmt, given) if found is None and given is not None else None
    if found is None and produced is None:
        return None
    readers = own.scopes.readers_of(fn.body.body[0], queue_param)
    if [r for r in readers if r is not dequeue.func.value]:
        raise Refusal(f"`{name}` uses its queue `{queue_param}` beyond its one `dequeue()`")
    # the dequeue's own line (``filename = queue.dequeue()``) goes, its name the parameter; else the dequeue
    # becomes the parameter, named as the queue was
    line = next((s for s in nodes_of(fn, cst.SimpleStatementLine) if len(s.body) == 1 and
                 isinstance(s.body[0], cst.Assign) and s.body[0].value is dequeue and len(s.body[0].targets) == 1
                 and isinstance(s.body[0].targets[0].target, cst.Name)), None)
    param = line.body[0].targets[0].target.value if line is not None else queue_param  # type: ignore[union-attr]
    if param != queue_param and param in params:
        raise Refusal(f"`{name}` dequeues into its parameter `{param}`")
    new_fn = fn.visit(_AsFunctionOfName(line, dequeue, queue_param, param))
    element = "file_name" if produced is None else "element"
    while element in finder.refs or element in own.refs:
        element += "_"
    new_args = [a.with_changes(value=cst.Name(element)) if a.value is given else a for a in call.args]
    inlined = stmt.with_changes(body=[assign.with_changes(value=call.with_changes(args=new_args))],
                                leading_lines=())
    finder.scopes.stands_for[id(inlined)] = stmt
    finder.scopes.lines[inlined] = finder.scopes.lines.get(stmt, 0)
    helper = ReaderHelper(fn, new_fn, "", {}, given, [], False, external=home is not None)
    if produced is not None:  # an input producer's rows (``tensors.py``), the helper the per-element code
        from tfdata_bridge._src.migrate.pipelines import Source

        kind = "range" if produced.short == "range_input_producer" else "slice"
        call = dict(produced.call)
        if kind == "slice":
            call["tensor_list"] = cst.List([cst.Element(call["input_tensor"])])
        return Source(kind, [produced.statement, stmt], [element], call=call, producer=produced.short,
                      helper=helper, inlined=[inlined])
    args, stmts = found
    return _source(args, [*stmts, stmt], [element], helper=helper, inlined=[inlined])


def _once_per_call(fn: cst.FunctionDef, dequeue: cst.Call) -> bool:
    """The dequeue runs once per call of ``fn``: in a statement of its body itself (no loop, branch or nested
    function around it), not under a lambda, a comprehension, a conditional expression or a boolean operation."""
    for stmt in fn.body.body:
        if isinstance(stmt, cst.SimpleStatementLine) and any(c is dequeue for c in nodes_of(stmt, cst.Call)):
            return not any(any(c is dequeue for c in nodes_of(n, cst.Call)) for kind in _CONDITIONAL
                           for n in nodes_of(stmt, kind))
    return False


_CONDITIONAL = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.IfExp,
                cst.BooleanOperation)


def _tensor_queue(finder, at: cst.CSTNode, queue: cst.BaseExpression):
    """The ``Produced`` (``tensors.py``) of the input producer over a tensor that the name ``queue`` is bound to
    once, in the caller's block, and read there only where it is handed over (``queue``); None where it is no
    such producer."""
    from tfdata_bridge._src.migrate.tensors import tensor_producer

    if not isinstance(queue, cst.Name):
        return None
    made = finder.scopes.single_assignment(at, queue.value)
    if made is None or not (len(made.body) == 1 and isinstance(made.body[0], cst.Assign)):
        return None
    produced = tensor_producer(finder, made, cst.Call(cst.Attribute(made.body[0].value, cst.Name("dequeue"))))
    if produced is None:
        return None
    if [r for r in finder.scopes.readers_of(made, queue.value) if r is not queue]:
        return None  # (read beyond the one call that dequeues it: a second consumer competes for the elements)
    produced.statement = made
    return produced


class _AsFunctionOfName(cst.CSTTransformer):
    def __init__(self, line, dequeue: cst.Call, queue: str, param: str) -> None:
        super().__init__()
        self.line, self.dequeue, self.queue, self.param = line, dequeue, queue, param
        self.depth = 0

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def leave_FunctionDef(self, original, updated):
        self.depth -= 1
        return updated

    def leave_Param(self, original: cst.Param, updated: cst.Param) -> cst.Param:
        if self.depth == 1 and original.name.value == self.queue:
            return updated.with_changes(name=cst.Name(self.param))
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemovalSentinel.REMOVE if original is self.line else updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        return cst.Name(self.param) if original is self.dequeue else updated

    def leave_IndentedBlock(self, original, updated):
        if not updated.body:
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return updated
