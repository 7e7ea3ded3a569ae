"""A hand-built queue filled by the enqueue ops of k readers and a ``QueueRunner`` ("prefetch input data"):

    filename_queue = tf.train.string_input_producer(files, ...)
    examples_queue = tf.RandomShuffleQueue(capacity=C, min_after_dequeue=M, dtypes=[tf.string])  # or FIFOQueue
    enqueue_ops = []
    for _ in range(k):
        reader = tf.TFRecordReader()            # or one reader made before the loop
        _, value = reader.read(filename_queue)
        ...per-element ops on value...           # optional
        enqueue_ops.append(examples_queue.enqueue([value, ...]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
    example = examples_queue.dequeue()

becomes ``interleave`` over the files with ``cycle_length=k`` (one reader: 1), the per-element ops in ``map``,
``shuffle(C)`` for a RandomShuffleQueue, then whatever the consumer does with ``example``. Anything else that
touches the queue or the ops list is refused.

The common queue may be chosen by a branch on a value Python reads when the graph is built (slim-style parallel
readers: ``if self.shuffle: q = tf.RandomShuffleQueue(...) else: q = tf.FIFOQueue(...)``, or
``q = tf.RandomShuffleQueue(...) if shuffle else tf.FIFOQueue(...)``): each arm only makes the queue, the two
hold the same ``dtypes`` and ``shapes``, and the readers, runner and dequeue after it take whichever was made.
The chain then keeps the choice (``chosen_queue``): the records up to the queue are one dataset, and ``if
test:`` gives it each arm's step (``shuffle(C)`` for a RandomShuffleQueue, none for a FIFOQueue), as legacy's
``if`` chose the queue. Arms that differ in what the queue holds, a test that calls something, or a shared
queue, are refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_none, names_in, nodes_of, target_names
from tfdata_bridge._src.migrate.queue_runners import checked_runner, named_runner, runner_call, started_by_hand
from tfdata_bridge._src.migrate.reader_factory import factory_reader
from tfdata_bridge._src.migrate.shared_names import dropped_shared_name
from tfdata_bridge._src.migrate.queue_size import SizeUses, parents, size_call
from tfdata_bridge._src.migrate.walk import Visitor

_QUEUES = {"RandomShuffleQueue": ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed",
                                  "shared_name", "name"),
           "FIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name")}


@dataclass
class Prefetch:
    kind: str  # "RandomShuffleQueue" or "FIFOQueue"
    args: dict[str, cst.BaseExpression]
    readers: str  # cycle_length, as code
    read: cst.Call  # the read call (reader.read(filename_queue))
    reader: cst.BaseExpression  # the reader constructor call
    key: str
    value: str
    per_element: list[cst.SimpleStatementLine]  # ops between the read and the enqueue, in the loop
    enqueued: cst.BaseExpression  # what each enqueue puts in (a list of tensors)
    removed: list[cst.CSTNode] = field(default_factory=list)
    loop_stmts: list[cst.CSTNode] = field(default_factory=list)  # read statement etc. (for comments)
    summaries: list[str] = field(default_factory=list)  # what the comment says of the dropped ``size()`` uses
    key_at: int | None = None  # the record key's place in the enqueued list, where the enqueue is its one use
    test: cst.BaseExpression | None = None  # the queue chosen by a branch: its test (``self.shuffle``)
    arms: list[tuple[str, dict[str, cst.BaseExpression]]] = field(default_factory=list)  # (kind, args): test true, false
    # a runner started by hand: ``threads = qr.create_threads(sess, coord=coord, start=True)``, now ``threads = []``
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine] = field(default_factory=dict)



class _Uses(Visitor):
    """Statements (and for loops) of a function body that use a name, each with the innermost such node."""

    def __init__(self, names: set[str]) -> None:
        super().__init__()
        self.names = names
        self.stack: list[cst.CSTNode] = []
        self.hits: list[tuple[str, list[cst.CSTNode], cst.Name]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.SimpleStatementLine, cst.For, cst.If, cst.With, cst.While, cst.Try)):
            self.stack.append(node)
        if isinstance(node, cst.Name) and node.value in self.names:
            self.hits.append((node.value, list(self.stack), node))
        return not isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) or not self.stack

    def on_leave(self, node: cst.CSTNode) -> None:
        if self.stack and self.stack[-1] is node:
            self.stack.pop()


def prefetch_source(finder, queue_stmt: cst.SimpleStatementLine, qname: str, dequeue_stmt: cst.CSTNode,
                    scope_body: cst.CSTNode) -> Prefetch:
    """The k-reader pattern around ``qname`` (made at ``queue_stmt``, dequeued at ``dequeue_stmt``); ``queue_stmt``
    may be the ``if`` (or the conditional expression's assignment) choosing the queue (``chosen_queue``)."""
    choice = _queue_choice(finder, queue_stmt, qname)
    arms: list[tuple[str, dict[str, cst.BaseExpression]]] = []
    test = None
    if choice is not None:
        test, calls = choice
        for call in calls:
            kind = finder.is_api(call, *_QUEUES)
            if kind is None:
                raise Refusal(f"`{qname}` is chosen by `if {finder.code(test).strip()}` between calls that are not "
                              "each a FIFOQueue or RandomShuffleQueue")
            arms.append((kind, bind_params(call, _QUEUES[kind], kind)))
        kind, args = next((a for a in arms if a[0] == "RandomShuffleQueue"), arms[0])
        _check_arms(finder, test, arms, qname)
        if names_in(test):
            from tfdata_bridge._src.migrate.tensors import unchanged_between
            unchanged_between(finder, [test], queue_stmt, dequeue_stmt, f"if {finder.code(test).strip()}")
        shared = None
    else:
        call = queue_stmt.body[0].value
        kind = finder.is_api(call, *_QUEUES)
        if kind is None:
            raise Refusal(f"`{qname}` is not a FIFOQueue or RandomShuffleQueue")
        args = bind_params(call, _QUEUES[kind], kind)
        if not is_none(args.get("names")):
            raise Refusal(f"`{kind}(names=...)` is not rewritten")
        shared = dropped_shared_name(finder, queue_stmt, kind, args.get("shared_name"))  # (in-process sessions alone)
    uses = _Uses({qname})
    scope_body.visit(uses)
    enqueue_stmts, runner_stmts, loops = [], [], []
    # ``queue.size()`` read by summaries, log lines or a wait for the queue to fill: those go (queue_size.py)
    up = parents(scope_body)
    size_uses = SizeUses(finder, qname, up)
    summaries = size_uses.drop([c for _, _, node in uses.hits if (c := size_call(up, node)) is not None])
    for _, stack, node in uses.hits:
        stmt = stack[-1] if stack else None
        if stmt is queue_stmt or stmt is dequeue_stmt or choice is not None and any(s is queue_stmt for s in stack):
            continue
        if size_call(up, node) is not None or size_uses.dropped_by(stack) and _named(up, node):
            continue
        code = finder.code(stmt) if stmt is not None else ""
        if f"{qname}.enqueue(" in code and isinstance(stmt, cst.SimpleStatementLine):
            enqueue_stmts.append(stmt)
            loops.append(next((s for s in reversed(stack[:-1]) if isinstance(s, cst.For)), None))
        elif "QueueRunner(" in code and isinstance(stmt, cst.SimpleStatementLine):
            runner_stmts.append(stmt)
        else:
            raise Refusal(f"`{qname}` is used beyond its readers' enqueue ops, its QueueRunner and one dequeue")
    if len(enqueue_stmts) != 1 or len(runner_stmts) != 1:
        raise Refusal(f"`{qname}` is not filled by one enqueue op (in a loop) run by one QueueRunner")
    enq_stmt, loop, runner_stmt = enqueue_stmts[0], loops[0], runner_stmts[0]
    # enqueue_ops.append(q.enqueue([...])) in the loop; or, one reader and no loop, ``enqueue_ops = [q.enqueue([...])]``
    small = enq_stmt.body[0]
    listed = loop is None and isinstance(small, cst.Assign) and len(small.targets) == 1 and \
        isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.List) and \
        len(small.value.elements) == 1 and isinstance(small.value.elements[0], cst.Element)
    if listed:
        ops_name, enqueue = small.targets[0].target.value, small.value.elements[0].value
    elif not (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)
              and isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "append"
              and isinstance(small.value.func.value, cst.Name) and len(small.value.args) == 1):
        raise Refusal("the enqueue op is not appended to a list of ops in a `for _ in range(k):` loop, nor is it "
                      "one reader's op in a list of one (`ops = [queue.enqueue([value])]`)")
    else:
        ops_name = small.value.func.value.value
        enqueue = small.value.args[0].value
    if not (isinstance(enqueue, cst.Call) and isinstance(enqueue.func, cst.Attribute)
            and enqueue.func.attr.value == "enqueue" and len(enqueue.args) == 1):
        raise Refusal("the enqueue op is not `queue.enqueue([tensors])`")
    enqueued = enqueue.args[0].value
    # the runner: add_queue_runner(QueueRunner(q, ops)), or ``qr = QueueRunner(q, ops)`` registered on its own
    # (or ``qr = QueueRunner(q, ops)`` whose threads ``qr.create_threads(sess, coord=coord, start=True)`` starts)
    started = started_by_hand(finder, runner_stmt) if named_runner(finder, runner_stmt) else None
    if started is not None:
        inner, registered = checked_runner(runner_stmt.body[0].value), started[0]
    else:
        inner, registered = runner_call(finder, runner_stmt, _simple_statements(scope_body))
    if not (inner is not None and len(inner.args) == 2 and isinstance(inner.args[1].value, cst.Name)
            and inner.args[1].value.value == ops_name):
        raise Refusal("the queue's runner is not `add_queue_runner(QueueRunner(queue, enqueue_ops))`")
    if listed:  # the one reader's read and per-element ops: the simple statements just before it, in its block
        block = up.get(id(enq_stmt))
        stmts = list(block.body) if isinstance(block, cst.IndentedBlock) else \
            list(scope_body.body.body) if isinstance(scope_body, cst.FunctionDef) and \
            any(t is enq_stmt for t in scope_body.body.body) else []
        at = next((i for i, t in enumerate(stmts) if t is enq_stmt), None)
        if at is None:
            raise Refusal("the enqueue op's list is not made in a block of the function the rewrite follows")
        start = at
        while start > 0 and isinstance(stmts[start - 1], cst.SimpleStatementLine) and not _reads_here(stmts[start]):
            start -= 1
        body, readers = stmts[start:at + 1], "1"
    else:
        # the loop: for _ in range(k): [reader =] ; key, value = reader.read(q); ...; ops.append(...)
        if loop is None or not isinstance(loop.body, cst.IndentedBlock) or loop.orelse is not None:
            raise Refusal("the enqueue op is not made in a `for _ in range(k):` loop")
        it = loop.iter
        if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range"
                and len(it.args) == 1 and isinstance(loop.target, cst.Name)
                and (loop.target.value == "_" or loop.target.value not in names_in(loop.body))):
            raise Refusal("the readers' loop is not `for _ in range(k):`")
        readers = finder.code(it.args[0].value)
        body = list(loop.body.body)
    if body[-1] is not enq_stmt or not all(isinstance(s, cst.SimpleStatementLine) for s in body):
        raise Refusal("the readers' loop holds more than simple statements ending with the enqueue")
    read_stmt = next((s for s in reversed(body) if _reads_here(s)), None)
    if read_stmt is None and _a_read(enqueued):
        # ``queue.enqueue(reader.read(filename_queue))`` (slim's parallel reader): the (key, value) pair itself
        read, read_stmt, defined = enqueued, enq_stmt, list(_INLINE_PAIR)
        enqueued = cst.List([cst.Element(cst.Name(n)) for n in _INLINE_PAIR])
    elif read_stmt is None:
        raise Refusal("the readers' loop does not read a file queue")
    else:
        defined = target_names(read_stmt.body[0].targets[0].target)
        read = read_stmt.body[0].value
    if defined is None or len(defined) != 2:
        raise Refusal("the read is not unpacked into `key, value`")
    reader_expr = read.func.value
    reader_stmt = None
    if isinstance(reader_expr, cst.Name):
        reader_stmt = finder.scopes.single_assignment(read_stmt, reader_expr.value)
        if reader_stmt is None:
            raise Refusal(f"the reader `{reader_expr.value}` is not made once")
        reader_expr = reader_stmt.body[0].value
    from tfdata_bridge._src.migrate.pipelines import READERS

    factory = factory_reader(finder, read_stmt, reader_expr, READERS)  # ``dataset.reader()`` (reader_factory.py)
    if factory is not None:
        reader_expr = factory[0]
    if finder.is_api(reader_expr, *READERS) is None:
        raise Refusal("the loop does not read with a TensorFlow reader")
    if reader_stmt is not None and reader_stmt not in body:
        readers = "1"  # one reader read by k ops: it still reads one file after another
    if listed:  # (what comes before the read is the function's other code; the reader goes where the read is
        body = body[body.index(read_stmt):]  # its one use)
        if reader_stmt is not None:
            reader_uses = _Uses({reader_expr_name(read)})
            scope_body.visit(reader_uses)
            if {id(stack[-1]) for _, stack, _ in reader_uses.hits} - {id(reader_stmt), id(read_stmt)}:
                raise Refusal(f"the reader `{reader_expr_name(read)}` is used beyond its one read")
    before_read = body[: body.index(read_stmt)]
    if [s for s in before_read if s is not reader_stmt]:
        raise Refusal("the readers' loop does more than make a reader before reading")
    per_element = body[body.index(read_stmt) + 1:-1]
    ops_init = enq_stmt if listed else finder.scopes.single_assignment(enq_stmt, ops_name)
    if ops_init is None or not listed and not (isinstance(ops_init.body[0].value, cst.List) and
                                               not ops_init.body[0].value.elements):
        raise Refusal(f"`{ops_name}` is not an empty list made before the loop")
    uses = _Uses({ops_name})
    scope_body.visit(uses)
    if {id(stack[-1]) for _, stack, _ in uses.hits} - {id(ops_init), id(enq_stmt), id(runner_stmt)}:
        raise Refusal(f"`{ops_name}` is used beyond the enqueue ops and their runner")
    key, value = defined
    if not is_none(args.get("shapes")) and not _scalar_reads(args["shapes"], enqueued, {key, value}):
        raise Refusal(f"`{kind}(shapes=...)` is not rewritten (but `[]` for each record read enqueued as it is)")
    key_at = _key_position(finder, enqueued, key, read_stmt, enq_stmt)
    # (one reader and no loop: its read, its per-element ops and its op's list go in the loop's place)
    removed: list[cst.CSTNode] = [queue_stmt, *([ops_init] if not listed else body), *([loop] if loop else []),
                                  runner_stmt, *summaries, *registered]
    if reader_stmt is not None and (reader_stmt not in body or listed):
        removed.append(reader_stmt)
    if factory is not None and factory[1] is not None:
        removed.append(factory[1])
    note = "; ".join(n for n in (size_uses.note(), shared) if n)
    return Prefetch(kind, args, readers, read, reader_expr, key, value, per_element, enqueued, removed,
                    loop_stmts=body, summaries=[note] if note else [], key_at=key_at, test=test, arms=arms,
                    news=started[1] if started is not None else {})


def chosen_queue(finder, at: cst.CSTNode, qname: str, scope_body: cst.CSTNode) -> cst.If | None:
    """The ``if``/``else`` of ``scope_body``'s own statements (not in a loop; in a ``with`` block too) before ``at`` whose two arms are each
    one assignment ``qname = <call>``, where those are the only assignments of ``qname`` in the function: the
    queue a branch chooses (slim-style parallel readers' ``if shuffle:``). None where there is none."""
    body = scope_body.body if isinstance(scope_body, cst.FunctionDef) else scope_body
    stmts = list(body.body) if isinstance(body, (cst.IndentedBlock, cst.Module)) else []
    while any(isinstance(s, cst.With) for s in stmts):  # (in a ``with tf.name_scope(...):`` block: the same code)
        stmts = [t for s in stmts for t in (s.body.body if isinstance(s, cst.With) and
                                            isinstance(s.body, cst.IndentedBlock) else [s])]
    scope = finder.scopes.scope(at)
    if scope is None:
        return None
    found = list(scope[qname])
    line = finder.scopes.lines.get(at, 0)
    for stmt in stmts:
        if not isinstance(stmt, cst.If) or _queue_choice(finder, stmt, qname) is None:
            continue
        owners = {id(finder.scopes.owners.get(id(a.node))) for a in found}
        arms = {id(_arm(stmt.body, qname)[0]), id(_arm(stmt.orelse.body, qname)[0])}
        if owners == arms and len(found) == 2 and finder.scopes.lines.get(_arm(stmt.body, qname)[0], 0) < line:
            return stmt
    return None


def _arm(block: cst.BaseSuite, qname: str) -> tuple[cst.SimpleStatementLine | None, cst.BaseExpression | None]:
    """(the statement, the call) of an arm that is one statement ``qname = <call>``; (None, None) else."""
    stmts = list(block.body) if isinstance(block, cst.IndentedBlock) else []
    if len(stmts) != 1 or not isinstance(stmts[0], cst.SimpleStatementLine) or len(stmts[0].body) != 1:
        return None, None
    a = stmts[0].body[0]
    if isinstance(a, cst.Assign) and len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name) and \
            a.targets[0].target.value == qname and isinstance(a.value, cst.Call):
        return stmts[0], a.value
    return None, None


def _queue_choice(finder, stmt: cst.CSTNode, qname: str
                  ) -> tuple[cst.BaseExpression, list[cst.BaseExpression]] | None:
    """(the test, [the queue made when it holds, when not]) where ``stmt`` chooses ``qname``'s queue: an ``if``
    with an ``else`` whose arms each only assign it a call, or ``qname = A(...) if test else B(...)``."""
    if isinstance(stmt, cst.If):
        if not isinstance(stmt.orelse, cst.Else):
            return None
        (_, yes), (_, no) = _arm(stmt.body, qname), _arm(stmt.orelse.body, qname)
        return (stmt.test, [yes, no]) if yes is not None and no is not None else None
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign):
        value = stmt.body[0].value
        if isinstance(value, cst.IfExp) and isinstance(value.body, cst.Call) and isinstance(value.orelse, cst.Call):
            return value.test, [value.body, value.orelse]
    return None


def _check_arms(finder, test: cst.BaseExpression, arms: list[tuple[str, dict[str, cst.BaseExpression]]],
                qname: str) -> None:
    """The two queues a branch chooses between hold the same elements; its test a value Python reads."""
    said = finder.code(test).strip()
    if any(nodes_of(test, t) for t in (cst.Call, cst.Lambda, cst.NamedExpr, cst.Await, cst.Yield, cst.ListComp,
                                         cst.GeneratorExp, cst.DictComp, cst.SetComp)):
        raise Refusal(f"`{qname}` is chosen by `if {said}`: a test that calls something is not followed (the chain "
                      "would evaluate it where the batch is made); test a name, an attribute or a comparison of them")
    for kind, args in arms:
        for bad in ("names", "shared_name"):
            if not is_none(args.get(bad)):
                raise Refusal(f"`{qname}` is chosen by `if {said}` between queues, one a `{kind}({bad}=...)`: not "
                              "rewritten")
    for what in ("dtypes", "shapes"):
        written = {finder.code(a[what]).strip() if not is_none(a.get(what)) else "" for _, a in arms}
        if len(written) > 1:
            raise Refusal(f"the two queues `if {said}` chooses between for `{qname}` differ in their `{what}`, so "
                          "the branch changes what the elements are; not rewritten")


def _scalar_reads(shapes: cst.BaseExpression, enqueued: cst.BaseExpression, read: set[str]) -> bool:
    """``shapes=[[]]`` (``[[], []]``, ...) over an enqueued list of the read's own key and value: a reader's
    ``read`` gives scalar strings, so the queue's shapes only say what the tensors' static shapes are already, and
    the elements the dataset gives have them too (skip-thoughts' values queue)."""
    if not (isinstance(shapes, (cst.List, cst.Tuple)) and isinstance(enqueued, (cst.List, cst.Tuple))
            and len(shapes.elements) == len(enqueued.elements)):
        return False
    return all(isinstance(s.value, (cst.List, cst.Tuple)) and not s.value.elements for s in shapes.elements) and \
        all(isinstance(e.value, cst.Name) and e.value.value in read for e in enqueued.elements)


_INLINE_PAIR = ("key", "value")  # the components of a read enqueued whole (no names of the program's)


def _reads_here(stmt: cst.CSTNode) -> bool:
    """``key, value = <reader>.read(...)``: a statement that reads a file queue."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
    return isinstance(small, cst.Assign) and isinstance(small.value, cst.Call) and \
        isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "read"


def reader_expr_name(read: cst.Call) -> str:
    """The name a ``reader.read(queue)`` call reads with (``""`` for a reader made inline)."""
    return read.func.value.value if isinstance(read.func.value, cst.Name) else ""


def _a_read(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "read" \
        and len(node.args) == 1


def _key_position(finder, enqueued: cst.BaseExpression, key: str, read_stmt: cst.SimpleStatementLine,
                  enq_stmt: cst.SimpleStatementLine) -> int | None:
    """Where the record key stands in the enqueued list, when the enqueue is its one use (None: not enqueued).
    Its dequeued component may then go unread (``_, value = queue.dequeue()``), and the rewrite drops it."""
    if key == "_" or not isinstance(enqueued, (cst.List, cst.Tuple)):
        return None
    at = [i for i, el in enumerate(enqueued.elements) if isinstance(el.value, cst.Name) and el.value.value == key]
    if len(at) != 1:
        return None
    if read_stmt is not enq_stmt and {id(r) for r in finder.scopes.readers_of(read_stmt, key)} != \
            {id(enqueued.elements[at[0]].value)}:
        return None
    return at[0]


def _named(up: dict[int, cst.CSTNode], use: cst.Name) -> bool:
    """``queue.name`` (a string: a summary's tag)."""
    attr = up.get(id(use))
    return isinstance(attr, cst.Attribute) and attr.value is use and attr.attr.value == "name"


def _size_summary(finder, stmt: cst.CSTNode | None, qname: str) -> bool:
    """``tf.summary.scalar(name, q.size() [* k / capacity ...])`` as a statement of its own: a fill-level summary
    that nothing in the program reads by name. No batch depends on it, and tf.data has no queue to measure, so
    it goes (the comment says so); any other use of the queue is refused."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return False
    call = stmt.body[0].value
    path = finder.api(call) or ""
    if "summary" not in path.split(".")[:-1] or not isinstance(call, cst.Call):
        return False
    uses: list[cst.CSTNode] = []

    class _Q(Visitor):
        def visit_Name(self, n: cst.Name) -> None:
            if n.value == qname:
                uses.append(n)

        def visit_Call(self, n: cst.Call) -> bool:
            f = n.func
            if isinstance(f, cst.Attribute) and f.attr.value == "size" and isinstance(f.value, cst.Name) \
                    and f.value.value == qname and not n.args:
                uses.append(n)
                return False  # the queue's size: the one use allowed
            return True

        def visit_Attribute(self, n: cst.Attribute) -> bool:
            if isinstance(n.value, cst.Name) and n.value.value == qname and n.attr.value == "name":
                named.append(n)  # the queue's name in the summary's tag: a string, no tensor
                return False
            return True

    named: list[cst.CSTNode] = []
    call.visit(_Q())
    return bool(uses) and all(isinstance(u, cst.Call) for u in uses)


def _simple_statements(node: cst.CSTNode) -> list[cst.SimpleStatementLine]:
    return [s for s in nodes_of(node, cst.SimpleStatementLine)]
