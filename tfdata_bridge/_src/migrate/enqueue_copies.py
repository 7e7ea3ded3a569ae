"""The enqueue ops of a hand-built queue that a ``QueueRunner`` runs in ``k`` threads, in the forms real code
used (the melody models' ``get_padded_batch``, parsed-example queues):

    op = queue.enqueue([...]);  QueueRunner(queue, [op] * k)              # one op, k copies in the runner
    ops = [queue.enqueue([...])] * k;  QueueRunner(queue, ops)           # the copies made with the op
    ops = [queue.enqueue([...]) for _ in range(k)];  QueueRunner(queue, ops)   # k ops of the same tensors
    QueueRunner(queue, [queue.enqueue([...])] * NUM_THREADS)              # all inline
    ops = [op] * k;  QueueRunner(queue, ops)

Each is ``k`` threads each running one enqueue of the same tensors: every run reads a fresh element upstream,
which is ``num_parallel_calls=k`` over one stream. ``queue_uses`` sorts the uses of the queue by scope;
``enqueue_ops`` resolves a named list of ops; ``copies`` says ``k`` (None: not copies of the one op).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, holder_of, names_in, nodes_of
from tfdata_bridge._src.migrate.queue_size import parents, size_call

_ENQUEUES = ("enqueue", "enqueue_many")
_DEQUEUES = ("dequeue_many", "dequeue_up_to")


def _method_call(holder: cst.CSTNode, use: cst.Name) -> cst.Call | None:
    """The call ``use.method(...)`` in ``holder`` (None: ``use`` is not called on)."""
    for call in nodes_of(holder, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.value is use:
            return call
    return None


def queue_uses(finder, stmt: cst.SimpleStatementLine, qname: str, flat: list[cst.BaseStatement],
               sizes: list[cst.Call] | None = None, single: bool = False,
               closes: list[cst.SimpleStatementLine] | None = None
               ) -> tuple[cst.SimpleStatementLine, cst.Call, cst.SimpleStatementLine, cst.SimpleStatementLine] | None:
    """(the statement that makes the enqueue op, the enqueue call, the runner's statement, the dequeue's statement)
    for the queue ``qname`` made at ``stmt``; None when its uses (by scope) are not one enqueue, one runner and
    one ``dequeue_many`` / ``dequeue_up_to``: not this pattern at all. With ``sizes``, the queue's ``size()``
    calls in ``flat`` (nested blocks included) are put there for ``queue_size.py`` to judge. ``single``: the
    one dequeue is a plain ``dequeue()`` instead (the consumer reads one element at a time). With ``closes``, the
    statements ``op = queue.close(...)`` (made for the runner's ``close_op=`` / ``cancel_op=``, which
    ``queue_runners.named_closes`` checks) are put there."""
    enqueue = ecall = runner = dequeue = None
    second = False
    up: dict[int, cst.CSTNode] = {}
    if sizes is not None:
        for s in flat:
            up.update(parents(s))
    for use in finder.scopes.readers_of(stmt, qname):
        call = size_call(up, use)
        if call is not None:
            sizes.append(call)  # type: ignore[union-attr]
            continue
        holder = holder_of(flat, use)
        if holder is None:
            return None
        call = _method_call(holder, use)
        method = call.func.attr.value if call is not None else None
        value = getattr(holder.body[0], "value", None) if len(holder.body) == 1 else None
        if method in _ENQUEUES and ecall is None and isinstance(holder.body[0], (cst.Assign, cst.Expr)):
            enqueue, ecall = holder, call
        elif (method in _DEQUEUES if not single else method == "dequeue" and not call.args) and dequeue is None \
                and value is call and \
                isinstance(holder.body[0], (cst.Assign, cst.Return)):
            dequeue = holder
        elif dequeue is None and isinstance(holder.body[0], cst.Return) and (
                value is use or isinstance(value, cst.Tuple) and any(e.value is use for e in value.elements)):
            dequeue = holder  # ``return queue`` (or ``queue, runner``): its caller batches it (returned_queue.py)
        elif runner in (None, holder) and _runner_arg(finder, holder, use):
            runner = holder  # (a use inside the runner's call, ``close_op=q.close()``: the runner's check says)
        elif closes is not None and method == "close" and value is call and isinstance(holder.body[0], cst.Assign) \
                and len(holder.body[0].targets) == 1 and isinstance(holder.body[0].targets[0].target, cst.Name):
            closes.append(holder)  # ``close_op = queue.close()``: the runner's, where it alone reads it
        elif method in _ENQUEUES:
            second = True
        else:
            return None
    if ecall is None or runner is None or dequeue is None:
        return None
    if second:
        raise Refusal(f"`{qname}` is filled by more than one enqueue op: its runner's threads do not run copies "
                      "of one op; not rewritten")
    if isinstance(enqueue.body[0], cst.Expr) and enqueue is not runner:
        return None  # an enqueue run for its effect alone: not a runner's op
    return enqueue, ecall, runner, dequeue


def _runner_arg(finder, holder: cst.SimpleStatementLine, use: cst.Name) -> bool:
    """``use`` is in an argument of a ``QueueRunner(...)`` call in ``holder``."""
    for call in nodes_of(holder, cst.Call):
        if (finder.api(call) or "").rsplit(".", 1)[-1] == "QueueRunner" and \
                any(n is use for a in call.args for n in nodes_of(a.value, cst.Name)):
            return True
    return False


def enqueue_ops(finder, runner: cst.SimpleStatementLine, ops: cst.BaseExpression | None,
                enqueue: cst.SimpleStatementLine, ecall: cst.Call
                ) -> tuple[cst.BaseExpression, list[cst.SimpleStatementLine]]:
    """(the runner's list of ops as written where it is made, the statements that make it) for ``ops``, the
    runner's second argument: a name bound once to the list, and read by the runner alone, is looked through."""
    if ops is None:
        raise Refusal("the queue's runner is not given its enqueue ops")
    if not isinstance(ops, cst.Name):
        return ops, []
    made = finder.scopes.single_assignment(runner, ops.value)
    if made is None or len(made.body) != 1 or not isinstance(made.body[0], cst.Assign):
        raise Refusal(f"the runner's ops `{ops.value}` are not made by one assignment before it")
    if ops is ecall or made is enqueue and made.body[0].value is ecall:
        raise Refusal(f"the runner is given the enqueue op `{ops.value}` itself, not a list of ops")
    if len(finder.scopes.readers_of(made, ops.value)) != 1:
        raise Refusal(f"the enqueue ops `{ops.value}` are used beyond the queue's runner")
    return made.body[0].value, [made]


def copies(finder, ops: cst.BaseExpression, enqueue: cst.SimpleStatementLine, ecall: cst.Call, code) -> str | None:
    """``k`` (as code) for ``k`` copies of the one enqueue op in ``ops``: ``[op] * k``, ``k * [op]``, ``[op]``
    (``"1"``), or ``[queue.enqueue(...) for _ in range(k)]``; ``op`` the name the enqueue call is bound to, or the
    call itself. None for anything else."""
    small = enqueue.body[0]
    op = None
    if isinstance(small, cst.Assign) and small.value is ecall:
        if len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name):
            raise Refusal("the enqueue op is not `op = queue.enqueue([tensors])`")
        op = small.targets[0].target.value
        if len(finder.scopes.readers_of(enqueue, op)) != 1:
            raise Refusal(f"`{op}` is used beyond the queue's runner")

    def the_op(node: cst.BaseExpression) -> bool:
        return node is ecall or (op is not None and isinstance(node, cst.Name) and node.value == op)

    def single(node: cst.BaseExpression) -> bool:
        return isinstance(node, cst.List) and len(node.elements) == 1 and isinstance(node.elements[0], cst.Element) \
            and the_op(node.elements[0].value)

    if single(ops):
        return "1"
    if isinstance(ops, cst.BinaryOperation) and isinstance(ops.operator, cst.Multiply):
        if single(ops.left):
            return code(ops.right)
        if single(ops.right):
            return code(ops.left)
    if isinstance(ops, cst.ListComp) and the_op(ops.elt) and ops.for_in.inner_for_in is None and not ops.for_in.ifs:
        it, target = ops.for_in.iter, ops.for_in.target
        if isinstance(target, cst.Name) and target.value not in names_in(ops.elt) and isinstance(it, cst.Call) \
                and isinstance(it.func, cst.Name) and it.func.value == "range" and len(it.args) == 1 \
                and it.args[0].keyword is None:
            return code(it.args[0].value)
    return None
