"""A hand-built queue filled by copies of one enqueue op and read in batches by ``dequeue_many``:

    filename_queue = tf.train.string_input_producer(files, ...)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = ...per-element ops...
    queue = tf.FIFOQueue(capacity, dtypes, shapes=...)           # or RandomShuffleQueue(capacity, min_after...)
    enqueue_op = queue.enqueue([parsed["x"], parsed["label"]])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op] * k))    # k threads run the one op
    xs, labels = queue.dequeue_many(n)                             # or dequeue_up_to(n)

is the batch pipeline ``train.batch([tensors], n, num_threads=k)`` (``shuffle_batch`` over a
RandomShuffleQueue): the recognizer follows the enqueued tensors back to their source as for a batch call
(``Finder.pipeline``), and the dequeue's targets get the dataset's ``get_next()``. ``dequeue_many`` ends as the
queue did, without the short tail (``drop_remainder=True``); ``dequeue_up_to`` keeps it. Anything else that
uses the queue, its op or its runner is refused, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, bound_names, is_none, literal_bool, module_aliases, names_in, \
    v1_prefix
from tfdata_bridge._src.migrate.dequeue_count import dequeue_count
from tfdata_bridge._src.migrate.enqueue_copies import copies, enqueue_ops, queue_uses
from tfdata_bridge._src.migrate.pipelines import Pipeline
from tfdata_bridge._src.migrate.queue_runners import added_runner, checked_runner, named_closes, registration, \
    started_by_hand
from tfdata_bridge._src.migrate.queue_size import SizeUses, parents
from tfdata_bridge._src.migrate.shared_names import dropped_shared_name
from tfdata_bridge._src.migrate.returned_queue import returned_dequeue, returned_pair

_QUEUES = {"FIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name"),
           "PaddingFIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name"),
           "RandomShuffleQueue": ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed",
                                  "shared_name", "name")}


@dataclass
class RunnerQueue:
    kind: str
    pipeline: Pipeline
    dequeue: cst.SimpleStatementLine
    removed: list[cst.CSTNode]  # the queue, its enqueue op and its runner
    dcall: cst.Call  # the dequeue (the caller's, where the function returns the queue: returned_queue.py)
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine]  # the caller's dequeue, now the bound batch
    dropped_note: str | None = None  # the ``queue.size()`` uses dropped (``queue_size.py``), for the comment
    single: bool = False  # a RandomShuffleQueue read by a plain ``dequeue()``: the elements, shuffled, unbatched
    dtypes: cst.BaseExpression | None = None  # the queue's ``dtypes=`` (its enqueue converted to them)




def _no_source(finder, stmt: cst.SimpleStatementLine, qname: str, kind: str, tensors: cst.BaseExpression) -> str:
    """The reason for a queue whose enqueued tensors no source of its block feeds: the parameters they come from,
    where they are the function's own (Magenta's ``_shuffle_inputs(input_tensors, ...)``)."""
    from tfdata_bridge._src.migrate.calls import names_in

    fn = getattr(finder.scopes.scope(stmt), "node", None)
    params = [p.name.value for p in fn.params.params] if isinstance(fn, cst.FunctionDef) else []
    given = [p for p in params if p in names_in(tensors)]
    head = (f"no input producer, reader or zero-input `py_func` feeds the tensors enqueued into `{qname}` (a "
            f"`{kind}` with its `QueueRunner` and dequeue) in the same block")
    if given:
        calls = [getattr(getattr(finder.scopes.positions.get(c), "start", None), "line", None)
                 for c in finder.scopes.callers(fn)]
        at = ", ".join(str(n) for n in calls if n)
        where = f" (called at line{'s' if ',' in at else ''} {at})" if at else " (not called in this module)"
        return (head + f": {', '.join(f'`{p}`' for p in given)} is a parameter of `{fn.name.value}`, so the tensors "
                f"come from its callers{where}; such a queue stage becomes a step of the caller's chain (`shuffle`) "
                "where the caller's pipeline is rewritten, and the note at the caller's batch says why it is not")
    return head + _producer_reads(finder, fn if fn is not None else stmt, stmt)


_TENSOR_PRODUCERS = ("train.string_input_producer", "train.input_producer", "train.range_input_producer")


def _producer_reads(finder, scope: cst.CSTNode, stmt: cst.SimpleStatementLine) -> str:
    """Words on an input producer of the queue's block read otherwise than by one ``dequeue()`` (the form taken as
    the source, ``tensors.py`` / ``dequeue_names.py``): ``P.dequeue_many(2)``, two dequeues, ``P.size()``."""
    from tfdata_bridge._src.migrate.calls import nodes_of

    said = []
    for made in nodes_of(scope, cst.SimpleStatementLine):
        small = made.body[0] if len(made.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                isinstance(small.targets[0].target, cst.Name)):
            continue
        short = finder.is_api(small.value, *_TENSOR_PRODUCERS)
        if short is None:
            continue
        name = small.targets[0].target.value
        uses = [c for c in nodes_of(scope, cst.Call) if isinstance(c.func, cst.Attribute) and
                isinstance(c.func.value, cst.Name) and c.func.value.value == name]
        if len(uses) == 1 and uses[0].func.attr.value == "dequeue" and not uses[0].args:
            continue
        line = getattr(getattr(finder.scopes.positions.get(made), "start", None), "line", None)
        shown = ", ".join(f"`{finder.code(c).strip()}` (line {finder.scopes.line(c) or '?'})" for c in uses) or "nothing"
        said.append(f"`{name}` (the `{short}` at line {line}) is read by {shown}")
    if not said:
        return ""
    return ("; " + "; ".join(said) + ": an input producer is taken as the source of the enqueued tensors only "
            "where one `dequeue()` of it reads one element and nothing else uses it (not `dequeue_many`, a second "
            "dequeue, `size()`)")


@dataclass
class QueueBatch:
    """The batch call a hand-built queue, its runner and its dequeue amount to (before its source is looked for)."""
    kind: str
    qname: str
    api: str
    args: dict  # the batch call's arguments
    queue_args: dict  # the queue's own
    at: cst.SimpleStatementLine  # where the walk back to the source starts: the enqueue op (or its named list)
    tensors: cst.BaseExpression
    one_of_list: bool
    dequeue: cst.SimpleStatementLine
    dcall: cst.Call
    news: dict
    removed: list[cst.CSTNode]
    note: str | None
    single: bool
    shared: str | None = None  # the words on its dropped ``shared_name`` (``shared_names.py``), also in ``note``
    early: frozenset = frozenset()  # names bound between an early dequeue and the enqueue op (``_dequeued_early``)


def runner_queue(finder, body: list[cst.BaseStatement], stmt: cst.SimpleStatementLine, code
                 ) -> RunnerQueue | None:
    """The pattern around ``q = FIFOQueue(...)`` at ``stmt`` (None: not a queue with a runner and a batched
    dequeue at all, so other rewrites may look at it)."""
    q = queue_batch(finder, body, stmt, code)
    if q is None:
        return None
    try:
        # (the queue goes: its ``dtypes=[x.dtype]``, ``shapes=[x.get_shape()]`` read no value of the moved tensors)
        static = tuple(v for k, v in q.queue_args.items() if k in ("dtypes", "shapes") and not is_none(v))
        pipeline = finder.pipeline(body, body.index(q.at), q.api, q.args, static=static)
    except Refusal as exc:  # (said of the queue, not of a batch call the program does not make)
        if not str(exc).startswith("no input producer"):
            raise
        _, data, why = str(exc).partition("are not in-memory data: ")  # (in_memory.py: the first fact off it)
        raise Refusal(_no_source(finder, stmt, q.qname, q.kind, q.tensors) +
                      (f"; nor are they in-memory data, repeated by the runner: {why}" if data else "")) from None
    late = {n for s in [*pipeline.source.statements, *pipeline.intermediates, q.at] for n in q.early & names_in(s)}
    if late:  # (the dataset is made where the dequeue was: it would read them before they are bound)
        raise Refusal(f"the queue is dequeued before its enqueue op is made, and the enqueued tensors read "
                      f"`{sorted(late)[0]}`, bound in between; not rewritten: make the dequeue after the enqueue op")
    tensors = q.tensors
    if _one_slice(pipeline, tensors):
        # ``sched = slice_input_producer([t])``; ``queue.enqueue(sched)``: the list of the one slice enqueued whole
        # is the queue's one component, as ``[sched[0]]`` is (its batch, as its dequeue did, gives the tensor)
        tensors = cst.List([cst.Element(cst.Subscript(tensors, [cst.SubscriptElement(cst.Index(cst.Integer("0")))]))])
        pipeline.args["tensors"] = tensors
    one_of_list = isinstance(tensors, cst.Name) and q.one_of_list and pipeline.source.kind == "py_func" and \
        not pipeline.source.single and not pipeline.intermediates and len(pipeline.source.params) == 1
    if isinstance(tensors, cst.Name) and not one_of_list and not _several(q.queue_args.get("dtypes")) and \
            not (q.single and isinstance(q.queue_args.get("dtypes"), (cst.Attribute, cst.Name))) and \
            not _pyfunc_outputs(finder, pipeline, tensors.value, q.queue_args.get("dtypes")):
        raise Refusal("the enqueue op does not take a literal list of tensors")
    if one_of_list:
        pipeline.source.one_of_list = True
    if pipeline.source.kind == "py_func" and not pipeline.intermediates and not is_none(q.queue_args.get("shapes")):
        read = names_in(q.queue_args["shapes"]) & bound_names(*pipeline.source.statements)
        if read:  # (written where the dataset is made, out of reach of the names the element function binds)
            raise Refusal(f"the queue's `shapes=` reads `{sorted(read)[0]}`, which the `py_func` binds: the shapes "
                          "become the generator's element shapes, written where no such name is; not rewritten: "
                          "give the shapes as literals (`shapes=[[2]]`)")
        pipeline.args["shapes"] = q.queue_args["shapes"]  # the queue's shapes: the generator's element shapes
    pipeline.batch_stmt = q.dequeue
    pipeline.targets = q.dequeue.body[0].targets[0].target if isinstance(q.dequeue.body[0], cst.Assign) else None
    return RunnerQueue(q.kind, pipeline, q.dequeue, q.removed, q.dcall, q.news, q.note, q.single,
                       q.queue_args.get("dtypes"))


def _several(dtypes: cst.BaseExpression | None) -> bool:
    """The queue's ``dtypes=`` is a literal list of more than one dtype: a name its enqueue op takes whole is then
    a list (or tuple) of that many tensors (an enqueue of one tensor there fails), the element a helper or method
    returned (``example = self._read_example(queue)``), which ``train.batch(example, n)`` batches alike."""
    return isinstance(dtypes, (cst.List, cst.Tuple)) and len(dtypes.elements) > 1 and \
        not any(isinstance(e, cst.StarredElement) for e in dtypes.elements)


def _one_slice(pipeline: Pipeline, tensors: cst.BaseExpression) -> bool:
    """Whether ``tensors`` is the name bound to ``slice_input_producer`` of a literal one-tensor list (the source's
    tuple of its one slice), not bound again by the per-element code."""
    source = pipeline.source
    listed = source.call.get("tensor_list") if source.kind == "slice" else None
    return isinstance(tensors, cst.Name) and source.params == [f"*{tensors.value}"] and not source.whole and \
        isinstance(listed, (cst.List, cst.Tuple)) and len(listed.elements) == 1 and \
        tensors.value not in bound_names(*pipeline.intermediates)


def _pyfunc_outputs(finder, pipeline: Pipeline, name: str, dtypes: cst.BaseExpression | None) -> bool:
    """Whether ``name``, enqueued whole into a queue of several components, is the list of outputs of a per-element
    ``py_func`` / ``numpy_function`` (``tf_f = tf.py_func(load, [idx], [tf.float32, tf.int64])``) that the map
    function makes, one output per component: its dequeue's list is then the batch of that list, as
    ``train.batch(tf_f, n)`` gives it (the statements shaping its outputs, ``tf_f[0].set_shape(...)``, move with
    it)."""
    from tfdata_bridge._src.migrate.calls import bind
    from tfdata_bridge._src.migrate.literal_lists import literal_list

    if not (isinstance(dtypes, (cst.List, cst.Tuple)) and len(dtypes.elements) > 1):
        return False
    binding = None  # the last statement of the per-element code that binds ``name``
    for stmt in [*pipeline.source.statements, *pipeline.intermediates]:
        if isinstance(stmt, cst.SimpleStatementLine) and name in {
                n for small in stmt.body if isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign))
                for t in (small.targets if isinstance(small, cst.Assign) else [small])
                for n in names_in(t.target)}:
            binding = stmt
        elif not isinstance(stmt, cst.SimpleStatementLine) and name in names_in(stmt):
            binding = stmt  # (bound or changed in a block of its own: not this form)
    small = binding.body[0] if isinstance(binding, cst.SimpleStatementLine) and len(binding.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        return False
    short = finder.is_api(small.value, "py_func", "numpy_function")
    if short is None:
        return False
    tout = bind(small.value, short).get("Tout")
    tout = literal_list(finder, binding, tout) or tout
    return isinstance(tout, (cst.List, cst.Tuple)) and len(tout.elements) == len(dtypes.elements)


def queue_batch(finder, body: list[cst.BaseStatement], stmt: cst.SimpleStatementLine, code) -> QueueBatch | None:
    """The batch call (``api``, its arguments) that the queue made at ``stmt``, filled by ``[enqueue_op] * k``
    under one ``QueueRunner`` and read by ``dequeue_many`` / ``dequeue_up_to`` (or, for a RandomShuffleQueue, by
    ``dequeue()``), amounts to; None: not such a queue. ``Refusal`` where it is one but off the pattern."""
    small = stmt.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        return None
    kind = finder.is_api(small.value, *_QUEUES)
    if kind is None:
        return None
    qname = small.targets[0].target.value
    flat = _flat(body)
    sizes: list[cst.Call] = []
    closes: list[cst.SimpleStatementLine] = []  # ``close_op = queue.close()`` for the runner (named_closes)
    found = queue_uses(finder, stmt, qname, flat, sizes, closes=closes)
    single = False
    if found is None and kind in ("RandomShuffleQueue", "FIFOQueue"):
        sizes, closes = [], []
        found = queue_uses(finder, stmt, qname, flat, sizes, single=True, closes=closes)
        if found is not None and kind == "FIFOQueue" and found[1].func.attr.value != "enqueue_many":
            found = None  # (a FIFOQueue's plain dequeue of one ``enqueue``: ``passthrough.py``)
        single = found is not None
    if found is None:
        _ops_made_in_a_loop(finder, stmt, qname, flat)
        return None
    enqueue, ecall, runner, dequeue = found
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine] = {}
    dcall = dequeue.body[0].value
    if single and not isinstance(dcall, cst.Call):
        return None  # (the queue returned: its callers' dequeues are ``returned_queue.py``'s)
    if isinstance(dcall, cst.Name):  # ``return queue``: its one caller batches it
        moved = returned_dequeue(finder, dequeue, qname)
        if moved is None and kind == "RandomShuffleQueue":  # or takes one element at a time: ``single``
            moved = returned_dequeue(finder, dequeue, qname, ("dequeue",))
            single = moved is not None
        if moved is None:
            return None
        dcall, made, used = moved
        # the function returns the batch; the caller's dequeue takes it from the name the call bound
        news[used] = used.with_changes(body=[used.body[0].with_changes(value=dcall.func.value)])
    started = started_by_hand(finder, runner)  # ``qr.create_threads(sess, coord=coord, start=True)``
    # ``qr = QueueRunner(...)`` registered by its own statement
    pair = None
    if isinstance(dcall, cst.Tuple):  # ``return queue, runner``: its one caller batches one, starts the other
        pair = returned_pair(finder, dequeue, qname, runner)
        if pair is None:
            return None
        dcall, made, used, alone, started = pair
        news[used] = used.with_changes(body=[used.body[0].with_changes(value=dcall.func.value)])
        news[made] = alone
    registered = registration(finder, runner, flat) if started is None else None
    # from here on, the pattern is this one: anything off it is said
    up: dict[int, cst.CSTNode] = {}
    for s in flat:
        up.update(parents(s))
    size_uses = SizeUses(finder, qname, up)
    module = getattr(finder, "module", None)
    v1 = v1_prefix(module) or next(iter(module_aliases(module)), None) if module is not None else None
    if v1 is not None and isinstance(dcall, cst.Call) and isinstance(dcall.func, cst.Attribute) and dequeue in flat:
        # (a read after a loop that ran the dequeue to OutOfRangeError: what the emptied queue holds, 0)
        small_d = dequeue.body[0]
        names = names_in(small_d.targets[0].target) if isinstance(small_d, cst.Assign) else set()
        size_uses.drained(flat, names, dcall.func.attr.value, f"{v1}.constant(0, {v1}.int32)")
    dropped = size_uses.drop(sizes)  # log lines, summaries, wait loops of ``queue.size()`` (others: Refusal)
    news.update(size_uses.replaced)
    args = bind_params(small.value, _QUEUES[kind], kind)
    if not is_none(args.get("names")):
        raise Refusal(f"`{kind}(names=...)` is not rewritten")
    shared = dropped_shared_name(finder, stmt, kind, args.get("shared_name"))  # (in-process sessions alone)
    if len(ecall.args) != 1 or ecall.args[0].keyword is not None:
        raise Refusal(f"the enqueue op is not `queue.{ecall.func.attr.value}([tensors])`")
    if registered is not None or started is not None:
        rpath, inner = "add_queue_runner", runner.body[0].value
    else:
        rcall = runner.body[0].value if isinstance(runner.body[0], cst.Expr) else None
        inner = added_runner(finder, rcall)  # (``collection=``: a named collection the module starts)
        rpath = (finder.api(rcall) or "").rsplit(".", 1)[-1]
    ipath = (finder.api(inner) or "").rsplit(".", 1)[-1]
    if not (rpath == "add_queue_runner" and ipath == "QueueRunner"):
        raise Refusal("the queue's runner is not `add_queue_runner(QueueRunner(queue, [enqueue_op] * k))`")
    inner = checked_runner(named_closes(finder, inner, closes))  # a queue and its ops; keywords put in order
    queue_arg, ops = inner.args[0].value, inner.args[1].value
    if not (isinstance(queue_arg, cst.Name) and queue_arg.value == qname):
        raise Refusal(f"the runner does not run `{qname}`'s enqueue ops")
    ops, ops_stmts = enqueue_ops(finder, runner, ops, enqueue, ecall)
    k = copies(finder, ops, enqueue, ecall, code)
    if k is None:
        raise Refusal("the runner's ops are not `[enqueue_op] * k` (k threads running the one op)")
    early = _dequeued_early(flat, dequeue, enqueue)  # (names bound between, for ``runner_queue``'s check)
    if single:  # (an ``enqueue_many``'s groups: unbatched before the shuffle, ``single_statements``)
        count = cst.Integer("1")  # (unused: the elements are read one at a time, ``single``)
    else:
        count = dequeue_count(dcall)  # its op's ``name=`` set aside (dequeue_count.py)
    tensors = ecall.args[0].value
    dtypes = args.get("dtypes")
    # ``queue.enqueue(produced)``: a py_func's one-output list into a one-component queue, whose dequeue gives
    # the tensor itself (not a list of one)
    one_of_list = isinstance(tensors, cst.Name) and isinstance(dtypes, (cst.List, cst.Tuple)) and \
        len(dtypes.elements) == 1
    batch_args: dict[str, cst.BaseExpression] = {
        "tensors": tensors, "batch_size": count, "num_threads": cst.parse_expression(k),
        "allow_smaller_final_batch": cst.Name("True" if dcall.func.attr.value == "dequeue_up_to" else "False"),
    }
    if ecall.func.attr.value == "enqueue_many":  # each enqueue puts in a group of elements: the batch's enqueue_many
        batch_args["enqueue_many"] = cst.Name("True")
    api = "train.batch"
    if kind == "RandomShuffleQueue":
        api = "train.shuffle_batch"
        batch_args["capacity"] = args["capacity"]
        if not is_none(args.get("seed")):
            batch_args["seed"] = args["seed"]
    if kind == "PaddingFIFOQueue":  # each batch padded (with zeros) to its longest element: dynamic_pad
        if is_none(args.get("shapes")):
            raise Refusal("a `PaddingFIFOQueue` without its shapes")
        batch_args["dynamic_pad"] = cst.Name("True")
        batch_args["shapes"] = args["shapes"]
    if enqueue not in body:
        raise Refusal("the enqueue op is made inside a block of its own")
    listed = _named_list(finder, enqueue, tensors, body)  # ``input_tensors = [...]; q.enqueue(input_tensors)``
    at = enqueue
    if listed is not None:
        at, tensors = listed, listed.body[0].value
        batch_args["tensors"] = tensors
    small_d = dequeue.body[0]
    if isinstance(small_d, cst.Assign) and len(small_d.targets) != 1:
        raise Refusal("the dequeue is assigned to several targets")
    removed = [stmt, enqueue, runner, *ops_stmts, *closes, *([registered] if registered else []),
               *([listed] if listed else []),
               *dropped, *(started[0] if started else [])]
    if started:
        news.update(started[1])
    return QueueBatch(kind, qname, api, batch_args, args, at, tensors, one_of_list, dequeue, dcall, news,
                      list({id(r): r for r in removed}.values()),
                      "; ".join(n for n in (size_uses.note(), shared) if n) or None, single, shared, early)


def single_statements(gen, found: RunnerQueue) -> tuple[list[cst.BaseStatement], cst.BaseExpression, str]:
    """(statements, the dequeue's new value, comment) for a RandomShuffleQueue read one element at a time
    (``found.single``): the elements' dataset, ``shuffle(capacity)``, and a one-shot iterator's ``get_next()``
    where the ``dequeue()`` was: each run takes the next element, as each dequeue took one."""
    from tfdata_bridge._src.compiler import emit

    from tfdata_bridge._src.plan.model import Step
    from tfdata_bridge._src.plan.printer import step_text

    if found.kind == "FIFOQueue":
        return _fifo_single(gen, found)
    new, dataset, accepted = gen.elements(found.pipeline)
    args = found.pipeline.args
    seed = None if is_none(args.get("seed")) else gen.code(args["seed"])
    capacity = gen.code(args["capacity"])
    shuffled = gen.fresh("shuffled")
    # ``enqueue_many``: each record's values a group of elements, which the queue took apart, so the mixing does
    steps = [step_text(Step("unbatch", "element"))] if literal_bool(args.get("enqueue_many"), False,
                                                                     "enqueue_many") else []
    steps.append(emit.shuffle_step(capacity, seed))
    new.append(cst.parse_statement(f"{shuffled} = {emit.chain(dataset, steps)}\n"))
    notes = [*accepted, f"the RandomShuffleQueue becomes shuffle({capacity}): it mixes over its whole capacity; "
             "its min_after_dequeue only held back legacy's first dequeue"]
    threads = gen.code(args["num_threads"])
    if threads != "1":
        notes.append(f"its {threads} enqueue threads become one stream of elements (the queue's order across "
                     "them varied already)")
    source = found.pipeline.source
    if source.kind == "slice" and source.producer == "enqueue_many":
        notes.append("the runner put the same in-memory rows in again and again, without end: the dataset repeats "
                     "them, shuffled; which rows a run sees is kept, not the order nor how often each row comes "
                     "in a fixed number of reads (legacy's racing enqueues set those)")
    comment = ("tfdata-bridge migrate: dequeue rewritten to tf.data; each run gives the next element of the "
               "shuffled dataset, as each dequeue took one; accepted: " + "; ".join(notes))
    value = cst.parse_expression(emit.one_shot_get_next(gen.v1, shuffled))
    return new, value, comment


def _fifo_single(gen, found: RunnerQueue) -> tuple[list[cst.BaseStatement], cst.BaseExpression, str]:
    """``single_statements`` for a FIFOQueue filled by ``enqueue_many`` of in-memory data (``in_memory.py``) and
    read one element at a time: the CS20SI queue example. Each of the runner's threads enqueues the whole data
    again and again, and a queue takes each ``enqueue_many`` whole before the next (an enqueue waiting behind
    another does not start), so the queue holds the rows of the data in order, repeated without end, whatever
    the number of threads: every copy is the same rows. That is ``from_tensor_slices(data).repeat()``, read by
    one iterator. A source that may differ at each run (a reader's batch, a random op) is refused: its copies
    differ, so the threads' interleaving would be the order."""
    from tfdata_bridge._src.compiler import emit

    source = found.pipeline.source
    if not (source.kind == "slice" and source.producer == "enqueue_many"):
        raise Refusal("a `FIFOQueue` filled by `enqueue_many` and read one element at a time is rewritten only where "
                      "the enqueued tensors are in-memory data (numpy arrays, constants, lists): each enqueue puts "
                      "in the same rows, so the order is the data's; here they come from a pipeline, each run "
                      "another group, and the runner's threads would set their order")
    parts = [el.value for el in source.call["tensor_list"].elements]
    dtypes = found.dtypes
    if isinstance(dtypes, (cst.List, cst.Tuple)) and len(dtypes.elements) == len(parts) and \
            all(isinstance(e, cst.Element) for e in dtypes.elements):
        given = [e.value for e in dtypes.elements]
    elif len(parts) == 1 and isinstance(dtypes, cst.Attribute):  # ``dtypes=tf.float32``: one component
        given = [dtypes]
    else:
        raise Refusal("the queue's `dtypes` are not a literal list of one dtype per enqueued tensor: its enqueue "
                      "converted each tensor to its dtype (a float64 array to float32), which the dataset must do too")
    converted = [cst.parse_expression(f"{gen.v1}.convert_to_tensor({gen.code(part)}, dtype={gen.code(dt)})")
                 for part, dt in zip(parts, given)]
    call = {**source.call, "tensor_list": cst.List([cst.Element(c) for c in converted])}
    pipeline = replace(found.pipeline, source=replace(source, call=call))
    new, dataset, accepted = gen.elements(pipeline)
    threads = gen.code(found.pipeline.args["num_threads"])
    runners = "its runner's thread" if threads == "1" else f"each of its runner's `{threads}` threads"
    comment = ("tfdata-bridge migrate: dequeue rewritten to tf.data; the queue held the rows of the in-memory data, "
               f"repeated in order ({runners} put them all in, again and again, each `enqueue_many` whole before the "
               "next), so each run gives the next row of the repeated rows, each column converted to the queue's "
               "dtype as its enqueue did" + ("; accepted: " + "; ".join(accepted) if accepted else ""))
    value = cst.parse_expression(emit.one_shot_get_next(gen.v1, dataset))
    return new, value, comment


def _ops_made_in_a_loop(finder, stmt: cst.SimpleStatementLine, qname: str, flat: list[cst.BaseStatement]) -> None:
    """``Refusal`` for a queue read by ``dequeue_many`` / ``dequeue_up_to`` whose enqueue ops are made one per turn
    of a loop (``ops.append(queue.enqueue([...]))``, the actor-per-shard replay buffer) for one runner: each op
    its own thread over its own tensors, so the runner's threads are not copies of one op."""
    from tfdata_bridge._src.migrate.calls import nodes_of

    uses = finder.scopes.readers_of(stmt, qname)
    dequeued = any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("dequeue_many", "dequeue_up_to")
                   and any(c.func.value is u for u in uses) for s in flat for c in nodes_of(s, cst.Call))
    if not dequeued:
        return
    for loop in flat:
        if not isinstance(loop, cst.For):
            continue
        for call in nodes_of(loop.body, cst.Call):
            arg = call.args[0].value if len(call.args) == 1 else None
            if isinstance(call.func, cst.Attribute) and call.func.attr.value == "append" and \
                    isinstance(arg, cst.Call) and isinstance(arg.func, cst.Attribute) and \
                    arg.func.attr.value in ("enqueue", "enqueue_many") and any(arg.func.value is u for u in uses):
                line = getattr(getattr(finder.scopes.positions.get(loop), "start", None), "line", "?")
                shared = ""
                kind = finder.is_api(stmt.body[0].value, *_QUEUES)
                try:  # (a shared_name no rewrite may drop: said too)
                    dropped_shared_name(finder, stmt, kind, bind_params(stmt.body[0].value, _QUEUES[kind],
                                                                        kind).get("shared_name"))
                except Refusal as exc:
                    shared = f"; and {exc}"
                raise Refusal(f"`{qname}` is filled by an enqueue op made in each turn of the loop at line {line} "
                              f"(`{finder.code(call.func.value)}.append({qname}.{arg.func.attr.value}(...))`), its "
                              "runner one thread per op, each op over tensors of its own turn (an actor per shard): "
                              "such ops are rewritten, as the join of the turns' pipelines, only where each turn is "
                              "one call of a function that makes its whole pipeline (`a, b = make(...)` then "
                              f"`ops.append({qname}.enqueue([a, b]))`, `x = make(...)` then "
                              f"`ops.append({qname}.enqueue(x))`, or `[{qname}.enqueue(make(x)) for x in xs]`), "
                              "the queue read by one `dequeue_many` / `dequeue_up_to`, and nothing else uses the "
                              f"queue, the ops or the tensors{shared}")


def _dequeued_early(flat: list[cst.BaseStatement], dequeue: cst.SimpleStatementLine,
                    enqueue: cst.SimpleStatementLine) -> frozenset:
    """The names bound between the queue's dequeue and its enqueue op where the dequeue is made first
    (``filename = q.dequeue()`` then ``op = q.enqueue_many(names)``): the order the ops are made in does not change
    what the graph computes, so the pattern holds where nothing in between reads the dequeued tensors (a run of
    them there would wait on a queue no runner fills yet). Empty where the dequeue comes after the enqueue op.
    ``Refusal`` for a read in between."""
    d, e = flat.index(dequeue), flat.index(enqueue)
    if d > e:
        return frozenset()
    small = dequeue.body[0]
    if not isinstance(small, cst.Assign):
        raise Refusal("the queue is dequeued before its enqueue op is made")
    targets = names_in(small.targets[0].target)
    between = flat[d + 1:e]
    read = sorted(n for s in [*between, enqueue] for n in targets & names_in(s))
    if read:
        raise Refusal(f"the queue is dequeued before its enqueue op is made, and `{read[0]}` (the dequeued tensors) "
                      "is read before the enqueue op is made; not rewritten: make the dequeue after it")
    return frozenset(bound_names(*between))


def _flat(stmts: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    out: list[cst.BaseStatement] = []
    for s in stmts:
        if isinstance(s, cst.With) and isinstance(s.body, cst.IndentedBlock):
            out += _flat(list(s.body.body))
        else:
            out.append(s)
    return out


def _named_list(finder, enqueue: cst.SimpleStatementLine, tensors: cst.BaseExpression,
                body: list[cst.BaseStatement]) -> cst.SimpleStatementLine | None:
    """The statement ``name = [tensors...]`` (in ``body``) whose list the enqueue op takes by ``name``, read there
    alone: the walk back starts from it, so its tensors are the batch's (None: not that)."""
    if not isinstance(tensors, cst.Name):
        return None
    made = finder.scopes.single_assignment(enqueue, tensors.value)
    if made is None or made not in body or len(made.body) != 1 or not isinstance(made.body[0], cst.Assign) \
            or not isinstance(made.body[0].value, (cst.List, cst.Tuple)) or not made.body[0].value.elements \
            or any(isinstance(e, cst.StarredElement) for e in made.body[0].value.elements):
        return None
    if len(finder.scopes.readers_of(made, tensors.value)) != 1:
        raise Refusal(f"the enqueued list `{tensors.value}` is used beyond the enqueue op")
    return made
