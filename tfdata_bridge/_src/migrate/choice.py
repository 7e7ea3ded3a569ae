"""A batch chosen in place by a flag: both batch calls of one pipeline, in the two branches of an ``if`` or
of a conditional expression (the census ``input_fn``, ``mode == TRAIN`` input functions).

    if shuffle:                                      features = (tf.train.shuffle_batch(features, ...)
        features = tf.train.shuffle_batch(features, ...)        if mode == TRAIN else
    else:                                                        tf.train.batch(features, ...))
        features = tf.train.batch(features, ...)

Both calls must batch the same tensors into the same targets (or both be returned). The pipeline up to the
batch is made once (``Generator.elements``), and the flag stays a choice between the two batch chains, as in
a batch helper (``batch_helper.py``). Anything else in a branch is refused with the reason, so the file can go
through ``--fallback compat``.

A branch may also do per-element work of its own, or batch a tensor list of its own (``choice_tails.py``: each
branch maps its function over the shared elements); keep statements after its batch as written (``return
image_batch, zeros``: the branches then need not bind the same names); and, instead of a batch call, make a
queue filled by ``[enqueue_op] * k`` under a ``QueueRunner`` and read by ``dequeue_many`` (ResNet's
``example_queue`` by mode, after ``tail_split`` gave each branch its copy of the enqueue, runner and dequeue),
read as the batch it amounts to (``runner_queue.queue_batch``). A branch's Python values (``num_threads = 16``)
stay in the branch. A branch's work may call a ``py_func`` of the elements that makes several rows of each,
batched with ``enqueue_many=True`` (round 67's windows of each whale call): that branch's chain takes them apart
(``unbatch()``) after its map, the other branch's does not. A condition that is a TensorFlow op's tensor is refused
(``_python_condition``). An ``if t:`` batching the elements in place with no ``else`` (round 69's ``is_batch``
switch) is the batched-or-not choice whose other branch is the names as they were (``_batched_only``). Its batch
may take ``read_up_to``'s groups apart (``enqueue_many=True``, the census ``generate_input_fn``'s ``if shuffle:``):
the groups are made once, each file's records ``n`` at a time (a group never spans two files: legacy's
``ReadUpTo``), the batching branch's chain unbatches them, the other branch reads them as they are
(``Generator.groups_as_read``). A source
chosen by a flag before the one batch (a reader helper per format) is ``source_arms``: a chain per arm, made by
``to_tfdata._source_choice``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import libcst as cst

from tfdata_bridge._src import plan
from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import (Refusal, bind, is_none, literal_bool, names_in, nodes_of, one_name_value,
                                             plain_arg, target_names)
from tfdata_bridge._src.migrate.queue_stages import calls_queue_helper
from tfdata_bridge._src.migrate.choice_tails import (branch_statement, branch_steps, check_branch_state, check_left,
                                                    derived, elements_read, python_lists,
                                                    split_kept)
from tfdata_bridge._src.migrate.comments import comment_lines, comments_in
from tfdata_bridge._src.migrate.helper_prelude import _feeds_a_queue
from tfdata_bridge._src.migrate.pipelines import BATCHES, JOINS, Finder, check_flags
from tfdata_bridge._src.migrate.results import Note, PipelineOutcome
from tfdata_bridge._src.plan import printer


@dataclass
class Choice:
    stmt: cst.BaseStatement  # the ``if`` statement, or the assignment / return of the conditional expression
    test: cst.BaseExpression
    branches: list[tuple[cst.SimpleStatementLine, cst.Call]]  # (each branch as a statement of its own, its call)
    lines: list[int]  # the lines of the branches' statements (one per batch call)
    pre: tuple[list, list] = ([], [])  # each branch's own per-element statements before its batch (choice_tails)
    tail: cst.SimpleStatementLine | None = None  # ``if t: ... return A`` then this ``return B``: the else branch
    unbatched: int | None = None  # the branch that reads the elements without a batch (its call: None)
    post: tuple[list, list] = ([], [])  # each branch's statements after its batch, kept as written
    queues: tuple = (None, None)  # a branch's hand-built queue, runner and dequeue (``runner_queue.QueueBatch``)
    kept: tuple[list, list] = ([], [])  # each branch's Python values made before its batch, kept where they are
    bare: bool = False  # ``if t:`` batching, with no ``else``: the unbatched branch is the names as they were

    def apis(self, finder: Finder) -> list[str | None]:
        """The batch API of each branch (a hand-built queue's: the batch call it amounts to)."""
        return [q.api if q is not None else finder.api(c) if c is not None else None
                for (_, c), q in zip(self.branches, self.queues)]

    def said(self, finder: Finder, lines) -> list[tuple[int, str]]:
        """(line, API) to report for each branch: a hand-built queue at its own line, by its kind."""
        out = []
        for k, (api, q) in enumerate(zip(self.apis(finder), self.queues)):
            if q is not None:
                out.append((lines.get(q.removed[0], 0), q.kind))
            elif api is not None:
                out.append(((self.lines * 2)[k], api))
        return out

    def chain_statements(self) -> list[cst.CSTNode]:
        """The hand-built queues' own statements (the queue, its enqueue op, its runner): gone with the ``if``."""
        return [r for q in self.queues if q is not None for r in q.removed]


def _single(block: cst.BaseSuite, finder: Finder) -> tuple[list, cst.SimpleStatementLine, list] | None:
    """(the per-element statements before the batch, the batch statement, the statements after it) of a branch
    whose batch is one simple statement; None for any other branch (one that makes or reads a queue, say:
    ``tail_split.py``'s). The statements after the batch (``return image_batch, zeros``) stay as written after
    the branch's ``get_next()``: statements that make, feed or read no queue, batch or reader (``_after_batch``)."""
    if not (isinstance(block, cst.IndentedBlock) and block.body):
        return None
    body = list(block.body)
    at = next((k for k, b in enumerate(body) if (v := _value(b)) is not None and finder.api(v) in (*BATCHES, *JOINS)),
              None)
    if at is None:
        at = len(body) - 1
    last, pre, post = body[at], body[:at], body[at + 1:]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1):
        return None
    if not all(branch_statement(b) and not _feeds_a_queue(b, _element_api(finder)) and not calls_queue_helper(finder, b)
               for b in pre):
        return None
    if post and not all(_after_batch(b, finder) for b in post):
        return None
    return pre, last, post


def _element_api(finder: Finder):
    """``finder.api``, but None for a ``py_func`` / ``numpy_function`` given tensors to work on (``py_func(windows,
    [feature, label], ...)``): per-element work of a branch, run once per element as its queue's runner ran it
    (a ``py_func`` of no inputs is a source, which a branch does not make)."""
    def api(call: cst.BaseExpression) -> str | None:
        path = finder.api(call)
        if (path or "").rsplit(".", 1)[-1] in ("py_func", "numpy_function") and isinstance(call, cst.Call):
            given = plain_arg(call, 1, "inp")
            if isinstance(given, (cst.List, cst.Tuple)) and given.elements:
                return None
        return path
    return api


def _after_batch(stmt: cst.BaseStatement, finder: Finder) -> bool:
    """A statement a branch may keep after its batch: one that makes, feeds or reads no queue, and defines no
    function or class (``for _ in range(2): f = f + 1.0``, ``return f, zeros``)."""
    if _feeds_a_queue(stmt, finder.api) or nodes_of(stmt, cst.FunctionDef) or nodes_of(stmt, cst.ClassDef) or \
            nodes_of(stmt, cst.Lambda):
        return False
    return not any((finder.api(c) or "") in BATCHES or (finder.api(c) or "") in JOINS or
                   any(k in (finder.api(c) or "") for k in ("dequeue", "Queue", "Reader", "input_producer",
                                                            "queue_runner", "QueueRunner"))
                   for c in nodes_of(stmt, cst.Call))


def _queue_branch(block: cst.BaseSuite, finder: Finder, code) -> tuple[list, cst.SimpleStatementLine, list, object] | None:
    """(per-element statements, the dequeue, the statements after it, the ``QueueBatch``) of a branch that makes
    a queue, fills it by ``[enqueue_op] * k`` under one ``QueueRunner`` and reads it by ``dequeue_many`` /
    ``dequeue_up_to`` (ResNet's ``build_input`` after ``tail_split`` gave each branch its copy of the enqueue,
    the runner and the dequeue); None for any other branch."""
    from tfdata_bridge._src.migrate.runner_queue import queue_batch

    if not (isinstance(block, cst.IndentedBlock) and block.body):
        return None
    body = list(block.body)
    at = next((k for k, b in enumerate(body) if isinstance(b, cst.SimpleStatementLine) and len(b.body) == 1 and
               isinstance(b.body[0], cst.Assign) and
               finder.is_api(b.body[0].value, "FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue")), None)
    if at is None:
        return None
    try:
        q = queue_batch(finder, body, body[at], code)
    except Refusal:
        return None  # (the queue's own reasons say it)
    if q is None or q.single or q.shared or q.news or q.dequeue not in body or not all(r in body for r in q.removed):
        return None
    d = body.index(q.dequeue)
    chain = {id(r) for r in q.removed}
    if any(id(b) in chain for b in body[d + 1:]):
        return None
    pre, post = [b for b in body[:d] if id(b) not in chain], body[d + 1:]
    if not all(branch_statement(b) and not _feeds_a_queue(b, finder.api) for b in pre):
        return None
    if post and not all(_after_batch(b, finder) for b in post):
        return None
    return pre, q.dequeue, post, q


def _value(stmt: cst.BaseStatement) -> cst.BaseExpression | None:
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Return) or (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return small.value
    return None


def _apis(finder: Finder, *calls: cst.BaseExpression | None) -> bool:
    """Every call is a batch or join call, and at least one is a batch, or both join one named list: a choice
    of batches. (Joins of lists of their own are each rewritten where they stand.)"""
    apis = [finder.api(c) for c in calls]
    if all(a in JOINS for a in apis):
        lists = [_joined_list(c) for c in calls]
        return lists[0] is not None and all(x == lists[0] for x in lists)
    return all(a in BATCHES or a in JOINS for a in apis) and any(a in BATCHES for a in apis)


def _joined_list(call: cst.BaseExpression | None) -> str | None:
    """The name a join call's first argument (its tensors list) is, or None."""
    args = call.args if isinstance(call, cst.Call) else ()
    given = [a.value for a in args if (a.keyword is None and a is args[0]) or
             (a.keyword is not None and a.keyword.value == "tensors_list")]
    return given[0].value if len(given) == 1 and isinstance(given[0], cst.Name) else None


def _unbatched(block: cst.BaseSuite, finder: Finder) -> list[cst.SimpleStatementLine] | None:
    """The statements of a branch that reads the pipeline's elements directly, one per run (``image_batch =
    tf.stack([image, flip(image)])``): simple statements of one small statement each (assignments, calls), no
    batch or join, no queue fed or read, nothing that returns; None for any other branch."""
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return None
    for b in block.body:
        if not (isinstance(b, cst.SimpleStatementLine) and len(b.body) == 1 and
                isinstance(b.body[0], (cst.Assign, cst.Expr)) and isinstance(b.body[0].value, cst.BaseExpression)):
            return None
        if _feeds_a_queue(b, finder.api) or any(
                (finder.api(c) or "") in BATCHES or (finder.api(c) or "") in JOINS or
                any(k in (finder.api(c) or "") for k in ("dequeue", "Queue", "Reader", "input_producer"))
                for c in nodes_of(b, cst.Call)):
            return None
    return list(block.body)


def _batched_or_not(stmt: cst.If, finder: Finder, lines) -> Choice | None:
    """``if t: ...batch...`` and ``else:`` (or one ``elif u:``, nothing done otherwise) reading the elements
    without a batch, in either order: a choice between a batched chain and an unbatched one (issue 17)."""
    other = stmt.orelse
    if isinstance(other, cst.Else):
        second_body = other.body
    elif isinstance(other, cst.If) and other.orelse is None:
        second_body = other.body
    else:
        return None
    bodies = [stmt.body, second_body]
    for k in (0, 1):
        one, plain = _single(bodies[k], finder), _unbatched(bodies[1 - k], finder)
        if one is None or plain is None:
            continue
        pre, last, post = one
        call = _value(last)
        if not isinstance(last.body[0], cst.Assign) or finder.api(call) not in BATCHES:
            continue
        branches = [(last, call), (plain[-1], None)]
        pres, posts = (pre, plain), (post, [])
        if k == 1:
            branches, pres, posts = branches[::-1], pres[::-1], posts[::-1]
        return Choice(stmt, stmt.test, branches, [lines.get(last, 0)], pres,  # type: ignore[arg-type]
                      unbatched=1 - k, post=posts)
    return None


def _batched_only(stmt: cst.If, finder: Finder, lines) -> Choice | None:
    """``if t:`` batching the elements in place (``img, label = tf.train.shuffle_batch([img, label], ...)``), no
    ``else``: when ``t`` is false the names keep the elements, one per run (round 69's ``is_batch`` switch). A
    choice between a batched chain and an unbatched one, as ``_batched_or_not``'s, whose unbatched branch only
    binds the elements (``ChoicePass._rewrite_unbatched`` checks the branch binds no other name)."""
    one = _single(stmt.body, finder)
    if one is None:
        return None
    pre, last, post = one
    call = _value(last)
    if not isinstance(last.body[0], cst.Assign) or finder.api(call) not in BATCHES:
        return None
    keep = cst.SimpleStatementLine([cst.Pass()])  # (stands for the absent ``else``: the names as they were)
    return Choice(stmt, stmt.test, [(last, call), (keep, None)], [lines.get(last, 0)],  # type: ignore[list-item]
                  (pre, []), unbatched=1, post=(post, []), bare=True)


def find_choice(finder: Finder, stmt: cst.BaseStatement, lines: dict[cst.CSTNode, int],
                after: cst.BaseStatement | None = None) -> Choice | None:
    """The choice ``stmt`` makes between two batch calls, or None when it makes none. ``after``: the statement
    after ``stmt`` where it is its block's last; ``if t: ...; return A`` then ``return B`` is ``if t: ... else:
    return B`` (the ``if`` returns, so ``return B`` runs exactly when ``t`` is false)."""
    if isinstance(stmt, cst.If) and stmt.orelse is None and _returns(after):
        one = _single(stmt.body, finder)
        if one is not None and not one[2] and _returns(one[1]):
            (pre_1, first, _), a, b = one, _value(one[1]), _value(after)
            if not _apis(finder, a, b):
                return None
            return Choice(stmt, stmt.test, [(first, a), (after, b)],  # type: ignore[list-item]
                          [lines.get(first, 0), lines.get(after, 0)], (pre_1, []), tail=after)
    if isinstance(stmt, cst.If) and stmt.orelse is None:
        return _batched_only(stmt, finder, lines)
    if isinstance(stmt, cst.If) and isinstance(stmt.orelse, (cst.Else, cst.If)):
        mixed = _batched_or_not(stmt, finder, lines)
        # ``if a: ... elif b: ...`` with nothing done otherwise is a choice of two as ``if``/``else`` is
        if mixed is not None or not (isinstance(stmt.orelse, cst.Else) or stmt.orelse.orelse is None):
            return mixed
        found, queues = [], []
        for block in (stmt.body, stmt.orelse.body):
            one = _single(block, finder)
            if one is not None and finder.api(_value(one[1])) in (*BATCHES, *JOINS):
                found.append(one)
                queues.append(None)
                continue
            handmade = _queue_branch(block, finder, cst.Module([]).code_for_node)
            if handmade is None and one is None:
                return None
            found.append(handmade[:3] if handmade is not None else one)
            queues.append(handmade[3] if handmade is not None else None)
        one, two = found
        (pre_1, first, post_1), (pre_2, second, post_2) = one, two
        a, b = _value(first), _value(second)
        if queues == [None, None] and not _apis(finder, a, b):
            return None
        if queues != [None, None] and any(q is None and finder.api(v) not in BATCHES
                                          for q, v in zip(queues, (a, b))):
            return None
        return Choice(stmt, stmt.test, [(first, a), (second, b)],  # type: ignore[list-item]
                      [lines.get(first, 0), lines.get(second, 0)], (pre_1, pre_2), post=(post_1, post_2),
                      queues=tuple(queues))
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        value = _value(stmt)
        if isinstance(value, cst.IfExp) and _apis(finder, value.body, value.orelse):
            small = stmt.body[0]
            branches = [(stmt.with_changes(body=[small.with_changes(value=c)]), c) for c in (value.body, value.orelse)]
            return Choice(stmt, value.test, branches, [lines.get(stmt, 0)])  # type: ignore[misc]
    return None


def source_arms(finder: Finder, body: list, i: int) -> tuple[cst.If, list[cst.SimpleStatementLine]] | None:
    """The ``if`` / ``elif`` / ``else`` before ``body[i]`` (a batch) whose every arm only assigns the same names
    from a call (round 69's reader by format: ``if fmt == "tfrecords": label, x = read_tfrecord(queue, n)`` /
    ``elif fmt == "csv": label, x = read_csv(queue)``), a name the batch's code after it reads, and the arms'
    statements; None where there is no such ``if``. Each arm is a source of its own (a reader helper, a reader):
    ``ChoicePass``'s kin for sources, a pipeline per arm, each batched as the one batch call says
    (``to_tfdata._source_choice``)."""
    later = names_in(body[i])
    for j in range(i - 1, -1, -1):
        stmt = body[j]
        if not isinstance(stmt, cst.If):
            continue
        arms, node = [], stmt
        while node is not None:
            other = node.orelse
            blocks = [node.body, *([other.body] if isinstance(other, cst.Else) else [])]
            for block in blocks:
                one = list(block.body) if isinstance(block, cst.IndentedBlock) else []
                if len(one) != 1 or not isinstance(one[0], cst.SimpleStatementLine) or len(one[0].body) != 1 or \
                        not isinstance(one[0].body[0], cst.Assign) or len(one[0].body[0].targets) != 1 or \
                        not isinstance(one[0].body[0].value, cst.Call):
                    return None
                arms.append(one[0])
            node = other if isinstance(other, cst.If) else None
        code = cst.Module([]).code_for_node
        targets = {code(a.body[0].targets[0].target).strip() for a in arms}
        bound = set(target_names(arms[0].body[0].targets[0].target) or ())
        if len(arms) < 2 or len(targets) != 1 or not bound & later:
            return None
        return stmt, arms
    return None


def tensor_test(finder: Finder, stmt: cst.If) -> cst.Call | None:
    """A TensorFlow op's call in a test of the ``if`` / ``elif`` chain ``stmt`` (its value a tensor, no Python
    truth value where the graph is built); None where every test is a Python value."""
    node = stmt
    while isinstance(node, cst.If):
        for c in nodes_of(node.test, cst.Call):
            path = finder.api(c)
            if path is not None and not path.startswith(_PYTHON_VALUED):
                return c
        node = node.orelse
    return None


# TensorFlow calls that give a Python value (a flag, a mode), not a tensor
_PYTHON_VALUED = ("app.", "flags.", "test.", "executing_eagerly", "config.", "estimator.", "__version__")


def _python_condition(finder: Finder, choice: Choice, code) -> None:
    """The choice's condition is a Python value where the graph is built: legacy's ``if`` (or conditional
    expression) took one branch then, and so does the rewrite. A condition that is a TensorFlow op's tensor
    (``tf.equal(mode, 1)``, or a name last bound to one) is refused: legacy's graph gets no Python truth value from
    it, and a per-run choice between two chains is not one the rewrite can keep."""
    def tensor_call(node: cst.CSTNode) -> cst.Call | None:
        return next((c for c in nodes_of(node, cst.Call) if (path := finder.api(c)) is not None and
                     not path.startswith(_PYTHON_VALUED)), None)

    found = tensor_call(choice.test)
    name = None
    if found is None:
        for n in sorted(names_in(choice.test)):
            at = choice.branches[0][0] if isinstance(choice.stmt, cst.If) else choice.stmt
            value = one_name_value(finder.scopes.single_assignment(at, n), n)
            if value is not None and (found := tensor_call(value)) is not None:
                name = n
                break
    if found is not None:
        what = f"`{name}`, made by `{code(found).strip()}`" if name else f"`{code(found).strip()}`"
        raise Refusal(f"the condition `{code(choice.test).strip()}` reads {what}: a tensor, not a Python value, so "
                      "which batch runs is no choice made once where the graph is built; not rewritten (pass a "
                      "Python bool, or keep the queues: `--fallback compat`)")


def _returns(stmt: cst.BaseStatement | None) -> bool:
    """``return value``, alone on its line."""
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Return) \
        and stmt.body[0].value is not None


def _same_targets(choice: Choice, code) -> None:
    if any(choice.post) and all(isinstance(s.body[0], cst.Assign) for s, _ in choice.branches):
        bound = [_branch_binds(s, post) for (s, _), post in zip(choice.branches, choice.post)]
        if bound[0] == bound[1]:  # ``f, s = batch(...)`` / ``f = batch(...); s = zeros``: the same names after
            return
    smalls = [s.body[0] for s, _ in choice.branches]
    if isinstance(smalls[0], cst.Return) != isinstance(smalls[1], cst.Return) or (
            isinstance(smalls[0], cst.Assign) and code(smalls[0].targets[0].target) != code(smalls[1].targets[0].target)):
        raise Refusal("the two branches assign their batches to different names")


def _branch_binds(stmt: cst.SimpleStatementLine, post: list) -> set[str]:
    """The names a branch binds by its batch statement and the statements after it."""
    out: set[str] = set()
    for s in [stmt, *post]:
        for small in s.body if isinstance(s, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign):
                for t in small.targets:
                    out |= set(target_names(t.target) or ())
    return out


class ChoicePass:
    """Finds and rewrites every choice of a module; ``lead``, ``comment`` and ``moved`` are ``to_tfdata``'s."""

    def __init__(self, module, index, finder: Finder, gen_of, lead, comment, moved, begin=None, commit=None,
                 requests: list | None = None) -> None:
        self.module, self.index, self.finder = module, index, finder
        self.gen_of, self.lead, self.comment, self.moved = gen_of, lead, comment, moved
        # ``to_tfdata``'s group bookkeeping: a reader helper's rewrite is undone unless it covers all its callers
        self.begin, self.commit, self.requests = begin, commit, requests

    def run(self, notes: list[Note], outcomes: list[PipelineOutcome], removed: set, replaced: dict,
            taken: set) -> set:
        """Rewrites each choice it can; refuses the rest with the reason. Returns the statements it took
        (the branches', which the per-batch pass then leaves alone)."""
        done: set[cst.CSTNode] = set()
        code = self.module.code_for_node
        for body in self.index.blocks:
            for i, stmt in enumerate(body):
                choice = find_choice(self.finder, stmt, self.index.lines, body[i + 1] if i + 2 == len(body) else None)
                if choice is None or any(s in taken for s, _ in choice.branches):
                    continue  # (a batch helper's choice: ``batch_helper.py``)
                done |= {s for s, _ in choice.branches} | {stmt} | set(choice.chain_statements())
                blocks = self.finder.scopes.blocks
                if isinstance(stmt, cst.If) and id(stmt) in blocks and isinstance(blocks, dict):
                    # the branches' assignments count as statements of the block the ``if`` stands in, so a name
                    # they both bind is read after them by line (``Scopes.readers_of``), as after one batch call
                    for branch in [*(b for b, _ in choice.branches), *choice.pre[0], *choice.pre[1],
                                   *choice.post[0], *choice.post[1]]:
                        blocks[id(branch)] = blocks[id(stmt)]
                apis = choice.apis(self.finder)
                said = choice.said(self.finder, self.index.lines)
                try:
                    if any(a in JOINS for a in apis) and not all(a in JOINS for a in apis):
                        raise Refusal("one branch is a `batch_join` over several element lists: a choice between "
                                      "a join and a batch is not rewritten")
                    _python_condition(self.finder, choice, code)
                    if choice.unbatched is None and not all(post and _returns(post[-1]) for post in choice.post):
                        _same_targets(choice, code)  # (names bound in a branch that returns die with it)
                    new, replacement, comment = self._rewrite(body, i, choice, apis)
                    if any(old in removed or old in replaced for old in [*new["passed"], *new["foreign"]]):
                        raise Refusal("a caller's file queue is taken by another rewrite")
                except Refusal as exc:
                    for line, api in said:
                        notes.append(Note(line, f"`{api}` pipeline left unchanged: {exc}"))
                        outcomes.append(PipelineOutcome(line, api, False, str(exc)))
                    continue
                snap = self.begin() if self.begin is not None else None
                removed.update(new["moved"])
                replaced.update(new["passed"])  # the callers' producers: datasets of file names (passed_queue.py)
                if new["foreign"]:  # (callers of other modules: the tree writes theirs there)
                    self.requests.extend((old, stmts, choice.lines[0]) for old, stmts in new["foreign"].items())
                    replaced.update(new["foreign"])  # (not of this module: an undone rewrite takes them back)
                helpers = self._take_helper(new["pipeline"], choice.lines[0], replaced)
                if isinstance(stmt, cst.If):  # the branches' statements go with the ``if`` they stand in
                    removed.update([*(s for s, _ in choice.branches), *choice.pre[0], *choice.pre[1],
                                    *choice.chain_statements()])
                lead = self.lead(stmt, body, removed)
                stmts = new["statements"]
                stmts[0] = stmts[0].with_changes(leading_lines=[*lead, *self.comment(comment), *stmts[0].leading_lines])
                replaced[stmt] = [*stmts, *(replacement if isinstance(replacement, list) else [replacement])]
                for k, (line, api) in enumerate(said):
                    if line not in [x for x, _ in said[:k]]:  # one note a line (a conditional expression: one line)
                        notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
                    outcomes.append(PipelineOutcome(line, api, True, comment.split(": ", 1)[1]))
                if snap is not None:
                    self.commit(snap, helpers, 1)
        return done

    def _fresh(self, stmt: cst.CSTNode):
        """Whether a name is bound only inside ``stmt`` in its scope (no parameter, no assignment elsewhere)."""
        inside = {id(n) for n in nodes_of(stmt, cst.CSTNode)}
        scope = self.finder.scopes.scope(stmt)

        def fresh(name: str) -> bool:
            if scope is None:
                return False
            found = list(scope.assignments[name]) if name in scope.assignments else []
            return bool(found) and all(id(getattr(a, "node", None)) in inside for a in found)
        return fresh

    def _take_helper(self, pipeline, line: int, replaced: dict) -> set:
        """The reader helper the elements come from becomes a function of the record, as for one batch
        (``to_tfdata``): here, or in its own module (a tree's request). Returns the helpers changed here."""
        if self.requests is not None:  # reader methods of other modules' classes, inlined here: they go there
            self.requests.extend((fn, None, line) for fn in pipeline.source.foreign)
        helper = pipeline.source.helper
        if helper is None:
            return set()
        if helper.external:
            self.requests.append((helper.fn, helper.new_fn, line))
            return set()
        replaced[helper.fn] = [helper.new_fn]
        return {helper.fn}

    def _rewrite(self, body, i, choice: Choice, apis):
        code = self.module.code_for_node
        (first, call), (_, other) = choice.branches
        if apis[0] in JOINS:  # both joins over one list of k readers' elements
            return self._rewrite_joins(body, i, choice, apis)
        if choice.unbatched is not None:
            return self._rewrite_unbatched(body, i, choice, apis)
        args = [q.args if q is not None else bind(c, a) for (_, c), a, q in zip(choice.branches, apis, choice.queues)]
        for a, api in zip(args, apis):
            if "tensors" not in a:
                raise Refusal(f"`{api}` is called without its tensors")
        same = _same_shapes(args, code)
        paired = None if same else _paired_shapes(args)
        for a, api in zip(args, apis):
            for flag in ("keep_input", "shapes", "shared_name"):
                if flag == "shapes" and (same or paired is not None):
                    continue  # (set where the shared elements are made: queue_shapes.py; or in each branch)
                if not is_none(a.get(flag)):
                    raise Refusal(f"`{api}` has {flag}= in a choice between two batches; not rewritten")
        # each branch maps its own work (its statements, or a tensor list of its own) over the shared elements
        tails = any(choice.pre) or code(args[0]["tensors"]) != code(args[1]["tensors"])
        many = [literal_bool(a.get("enqueue_many"), False, "enqueue_many") for a in args]
        if many[0] != many[1] and not tails:
            raise Refusal("one branch batches with enqueue_many=True and the other without")
        if tails and any(many) and any(q is not None for q in choice.queues):
            raise Refusal("a branch does per-element work before a batch with enqueue_many=True; not rewritten")
        if paired is not None and not tails:
            raise Refusal(f"`{apis[0]}` has shapes= in a choice between two batches of the same tensors with other "
                          "shapes; not rewritten")
        if tails and not is_none(args[0].get("shapes")) and paired is None:
            raise Refusal(f"`{apis[0]}` has shapes= in a choice whose branches do their own per-element work; "
                          "not rewritten (each branch's own shapes are followed where both give a literal list of "
                          "one shape per tensor of a literal tensor list)")
        if paired is not None:  # each branch's element function checks and sets its own shapes, as its queue did
            args = [{k: v for k, v in a.items() if k != "shapes"} for a in args]
        # the pipeline up to the batch: found from the first branch's call as if it stood where the choice does;
        # both calls (and the branches' own statements) count as the pipeline's own uses of its names
        reads = [s.body[0].value for pre in choice.pre for s in pre]
        calls = [a["tensors"] if q is not None else c for (_, c), a, q in zip(choice.branches, args, choice.queues)]
        both = first.with_changes(body=[first.body[0].with_changes(value=cst.Tuple(
            [*(cst.Element(c) for c in calls), *(cst.Element(r) for r in reads)]))])
        # where the rewrite evaluates the pipeline: at the choice (its first batch's line, an ``if`` having none of
        # its own), so that a name the moved per-element code reads and a statement before it rebinds is seen
        self.index.lines[both] = self.index.lines.get(choice.stmt) or min(choice.lines)
        self.finder.scopes.stands_for[id(both)] = choice.stmt  # (its names are looked up where the choice is)
        shared = args[0]
        if tails:  # the elements: the tensors the branches read, made before the ``if``
            # (one per record: a branch's enqueue_many rows are its own work's, taken apart in its own chain)
            args0 = {k: v for k, v in args[0].items() if k != "enqueue_many"}
            names = elements_read(choice.pre, [a["tensors"] for a in args], body[:i])
            shared = {**args0, "tensors": cst.List([cst.Element(cst.Name(n)) for n in names])}
        pipeline = self.finder.pipeline([*body[:i], both], i, api=apis[0], args=shared)
        if tails and derived(pipeline, names) != names:  # (a Python value beside them: read where it is)
            loose = [n for n in names if n not in derived(pipeline, names)]
            names = derived(pipeline, names)
            if not names:
                raise Refusal("the branches read no tensor of the pipeline's records")
            shared = {**args0, "tensors": cst.List([cst.Element(cst.Name(n)) for n in names])}
            pipeline = self.finder.pipeline([*body[:i], both], i, api=apis[0], args=shared)
            check_left(pipeline, loose, list(body[:i]), _function_name(self.finder, choice.stmt), code)
        if tails:  # the branches' Python values stay in the branches, their per-element work is mapped
            split = [split_kept(pre, names, self._fresh(choice.stmt)) for pre in choice.pre]
            choice = replace(choice, kept=tuple(k for k, _ in split), pre=tuple(w for _, w in split))
            for pre, (branch, _) in zip(choice.pre, choice.branches):
                check_branch_state(pre, names, code, self.finder.scopes, branch,
                                   [choice.stmt, *([choice.tail] if choice.tail is not None else [])])
        _post_reads(choice, pipeline, code)
        if tails:
            pipeline = _as_tuples(pipeline, names)
        pipelines = [replace(pipeline, api=api, args={**a, "tensors": pipeline.args["tensors"]})
                     if k or tails else pipeline for k, (api, a) in enumerate(zip(apis, args))]
        if pipeline.readers is not None:
            raise Refusal("the elements come from several readers side by side; a choice of batches over them is "
                          "not rewritten yet")
        return self._chains(choice, apis, pipeline, pipelines, args, names if tails else None, many,
                            self.moved(pipeline), paired)

    def _rewrite_unbatched(self, body, i, choice: Choice, apis):
        """One branch batches the elements (after its own per-element work), the other reads them one per run:
        the elements made once, the batched branch's chain over them, and the other branch's statements as
        written after a one-shot iterator's ``get_next()`` binds the element names it reads."""
        code = self.module.code_for_node
        b = 1 - choice.unbatched
        call, api = choice.branches[b][1], apis[b]
        args = bind(call, api)
        if "tensors" not in args:
            raise Refusal(f"`{api}` is called without its tensors")
        for flag in ("keep_input", "shapes", "shared_name"):
            if not is_none(args.get(flag)):
                raise Refusal(f"`{api}` has {flag}= in a choice between a batch and the elements; not rewritten")
        many = literal_bool(args.get("enqueue_many"), False, "enqueue_many")
        plain = choice.pre[choice.unbatched]
        tensors = [args["tensors"], cst.Tuple([])]
        pres = [choice.pre[b], plain]
        if b == 1:
            tensors, pres = tensors[::-1], pres[::-1]
        names = elements_read(pres, tensors, body[:i])
        if choice.bare:  # the branch's Python values (``capacity = ...``) stay in it, read by its batch's arguments
            kept, work = split_kept(choice.pre[b], names, self._fresh(choice.stmt))
            choice = replace(choice, kept=(kept, []), pre=(work, []))
        first = choice.branches[b][0]
        reads = [s.body[0].value for pre in choice.pre for s in pre]
        both = first.with_changes(body=[first.body[0].with_changes(value=cst.Tuple(
            [cst.Element(call), *(cst.Element(r) for r in reads)]))])
        self.index.lines[both] = self.index.lines.get(choice.stmt) or min(choice.lines)
        self.finder.scopes.stands_for[id(both)] = choice.stmt
        shared = {**args, "tensors": cst.List([cst.Element(cst.Name(n)) for n in names])}
        pipeline = self.finder.pipeline([*body[:i], both], i, api=api, args=shared)
        if derived(pipeline, names) != names:
            loose = [n for n in names if n not in derived(pipeline, names)]
            names = derived(pipeline, names)
            if not names:
                raise Refusal("the branches read no tensor of the pipeline's records")
            shared = {**args, "tensors": cst.List([cst.Element(cst.Name(n)) for n in names])}
            pipeline = self.finder.pipeline([*body[:i], both], i, api=api, args=shared)
            check_left(pipeline, loose, list(body[:i]), _function_name(self.finder, choice.stmt), code)
        check_branch_state(choice.pre[b], names, code, self.finder.scopes, choice.branches[b][0],
                           [choice.stmt])
        check_branch_state(plain, names, code)
        if choice.bare:
            _bare_binds(choice, names, code)
        # (a Python list of tensors comes back from ``get_next()`` as a tuple: ``list(...)`` gives legacy's list)
        listed = tuple(sorted(python_lists(pipeline, names)))
        pipeline = _as_tuples(pipeline, names)  # (carried as tuples: a list would be stacked into one tensor)
        if pipeline.readers is not None:
            raise Refusal("the elements come from several readers side by side; a choice between a batch and the "
                          "elements over them is not rewritten yet")
        _post_reads(choice, pipeline, code)
        if many and pipeline.source.up_to is None:
            raise Refusal(f"`{api}` batches with enqueue_many=True in a choice between a batch and the elements "
                          "read one per run, over rows that are not a reader's `read_up_to` groups; not rewritten "
                          "(read with `reader.read_up_to(queue, n)`, or keep the queues: `--fallback compat`)")
        pipelines = [pipeline, pipeline]
        all_args = [args, args]
        flags = [many, many]
        return self._chains(choice, apis, pipeline, pipelines, all_args, names, flags,
                            self.moved(pipeline), listed=listed)

    def _rewrite_joins(self, body, i, choice: Choice, apis):
        """Two joins of one list of ``k`` readers' elements (``join.join_pipeline``): the readers' interleave made
        once, each branch its own batch chain over it."""
        from tfdata_bridge._src.migrate.join import bind_join, join_pipeline

        code = self.module.code_for_node
        args = [bind_join(c, a) for (_, c), a in zip(choice.branches, apis)]
        lists = [a.get("tensors_list") for a in args]
        if any(choice.pre) or not all(isinstance(x, cst.Name) for x in lists) or code(lists[0]) != code(lists[1]):
            raise Refusal("the two joins do not join one named list as it is")
        for a, api in zip(args, apis):
            for flag in ("keep_input", "shapes", "shared_name", "enqueue_many"):
                if not is_none(a.get(flag)):
                    raise Refusal(f"`{api}` has {flag}= in a choice between two joins; not rewritten")
        first = choice.branches[0][0]
        pipeline, moved = join_pipeline(self.finder, self.module, [*body[:i], first], i, apis[0], joins=2)
        if pipeline.readers is None or pipeline.source.foreign or pipeline.source.helper is not None:
            raise Refusal("the joined list is not `k` readers of one file queue read by a function of this module")
        _post_reads(choice, pipeline, code)
        second = {k: v for k, v in args[1].items() if k != "tensors_list"}
        batch_apis = ["train.shuffle_batch" if "shuffle" in a else "train.batch" for a in apis]
        pipeline = replace(pipeline, api=batch_apis[0])
        pipelines = [pipeline, replace(pipeline, api=batch_apis[1], args={**second, "tensors": pipeline.args["tensors"]})]
        return self._chains(choice, apis, pipeline, pipelines, args, None, [False, False], moved)

    def _chains(self, choice: Choice, apis, pipeline, pipelines, args, names, many, moved, shapes=None,
                listed: tuple[str, ...] = ()):
        """The element dataset made once, then each branch's batch chain (``names``: the tails' elements;
        ``shapes``: each branch's queue shapes, one per tensor, set by its element function; ``listed``: the
        names the unbatched branch reads that were Python lists, made lists again after its ``get_next()``)."""
        code = self.module.code_for_node
        tails = names is not None
        for p in pipelines:
            check_flags(p)
        if (pipeline.source.helper is not None and pipeline.source.helper.external or pipeline.source.foreign) \
                and self.requests is None:
            raise Refusal("the elements come from a reader function of another module, which only a tree's "
                          "migration can change; migrate the folder that holds both")
        gen = self.gen_of(choice.stmt)
        gen.takes_passed = True  # (a file queue handed in: each caller's producer, ``run`` replaces it)
        gen.structured = tails  # (the tails' names handed on as they are, lists as tuples: ``_as_tuples``)
        # the unbatched branch reads ``read_up_to``'s groups as legacy's reader gave them: each file's own
        gen.groups_as_read = choice.unbatched is not None and pipeline.source.up_to is not None
        try:
            statements, dataset, accepted = gen.elements(pipeline)
        finally:
            gen.groups_as_read = False  # (the generator may make the function's next pipeline)
        blocks = []
        for k, ((stmt, _), p, m) in enumerate(zip(choice.branches, pipelines, many)):
            if k == choice.unbatched:  # the elements one per run, the branch's statements as written
                lead = choice.pre[k][0].leading_lines if choice.pre[k] else ()
                bound = ", ".join(names)
                blocks.append([cst.parse_statement(f"{bound} = {emit.one_shot_get_next(gen.v1, dataset)}\n")
                               .with_changes(leading_lines=lead),
                               *[cst.parse_statement(f"{n} = list({n})\n") for n in listed],
                               *[s if j else s.with_changes(leading_lines=()) for j, s in enumerate(choice.pre[k])]])
                continue
            returned = args[k]["tensors"] if tails else None
            if shapes is not None and tails:  # ``ensure_shape`` checks each tensor as the branch's queue did, and sets it
                returned = cst.List([cst.Element(cst.parse_expression(
                    f"{gen.v1}.ensure_shape({code(el.value)}, {code(s)})")) for el, s in zip(returned.elements,
                                                                                           shapes[k])])
            relisted = [cst.parse_statement(f"{n} = list({n})\n") for n in listed]  # (its work reads lists)
            own, mapped = branch_steps(gen, names, [*relisted, *choice.pre[k]], returned) if tails else ([], [])
            shuffle = p.api in ("train.shuffle_batch", "train.maybe_shuffle_batch")
            if shuffle:
                accepted.append(printer.shuffle_note(code(p.args['capacity'])))
            call_plan = gen._call(p.api, p.args, shuffle, gen.arg_of(p.args, "num_threads"), None, m)
            steps = mapped + printer.steps_text(plan.from_batch_call(call_plan, prefetch="autotune", v1=gen.v1))
            batched = gen.fresh("batched")
            get_next = emit.one_shot_get_next(gen.v1, batched)
            tensors = args[k]["tensors"] if tails else p.args["tensors"]
            small = stmt.body[0]
            if isinstance(tensors, (cst.List, cst.Tuple)) and len(tensors.elements) > 1 and not (
                    isinstance(small, cst.Assign) and isinstance(small.targets[0].target, (cst.Tuple, cst.List))):
                get_next = f"list({get_next})"  # legacy returned a list
            first = [*choice.kept[k], *choice.pre[k], stmt][0]
            lead = first.leading_lines if isinstance(choice.stmt, cst.If) else ()
            kept = [s.with_changes(leading_lines=()) if j == 0 else s for j, s in enumerate(choice.kept[k])]
            blocks.append([*kept, *own, cst.parse_statement(f"{batched} = {emit.chain(dataset, steps)}\n"),
                           cst.SimpleStatementLine([small.with_changes(value=cst.parse_expression(get_next))]),
                           *choice.post[k]])
            blocks[-1][0] = blocks[-1][0].with_changes(leading_lines=lead)
        kept = [c for c in comments_in([*pipeline.source.statements]) if c]
        if kept:
            statements[-1] = statements[-1].with_changes(
                leading_lines=[*comment_lines(kept), *statements[-1].leading_lines])
        if choice.tail is not None:  # the early return stays one: ``if t: return A`` then ``return B``
            replacement = [choice.stmt.with_changes(leading_lines=(), body=choice.stmt.body.with_changes(
                body=blocks[0])), *blocks[1]]
        elif isinstance(choice.stmt, cst.If) and choice.bare:  # the absent ``else`` made: the elements, one per run
            replacement = choice.stmt.with_changes(
                leading_lines=(), body=choice.stmt.body.with_changes(body=blocks[0]),
                orelse=cst.Else(cst.IndentedBlock(blocks[1])))
        elif isinstance(choice.stmt, cst.If):
            replacement = choice.stmt.with_changes(
                leading_lines=(), body=choice.stmt.body.with_changes(body=blocks[0]),
                orelse=choice.stmt.orelse.with_changes(body=choice.stmt.orelse.body.with_changes(body=blocks[1])))
        else:
            replacement = cst.If(test=choice.test, body=cst.IndentedBlock(blocks[0]),
                                 orelse=cst.Else(cst.IndentedBlock(blocks[1])))
        made = {a.rsplit(".", 1)[-1] for a, q in zip(apis, choice.queues) if a is not None and q is None}
        for q in choice.queues:  # a hand-built queue: its own APIs, not the batch call it amounts to
            if q is not None:
                made |= {q.kind, "QueueRunner", q.dcall.func.attr.value}
        shown = sorted(made | set(gen._source_apis(pipeline)))
        chooses = "the batch" if choice.unbatched is None else "the batch or the elements one per run"
        comment = f"tfdata-bridge migrate: {', '.join(shown)} rewritten to tf.data; the condition chooses {chooses}"
        if accepted:
            comment += "; accepted: " + "; ".join(dict.fromkeys(accepted))
        if gen.foreign_files and self.requests is None:
            raise Refusal("a caller of another module hands the file queue, which only a tree's migration changes")
        return {"statements": statements, "moved": moved, "pipeline": pipeline, "passed": gen.passed_files,
                "foreign": gen.foreign_files}, \
            replacement, comment


def _bare_binds(choice: Choice, names: list[str], code) -> None:
    """With no ``else``, the names a false test leaves are the elements before the ``if``: each name the batching
    branch binds (its work, its batch, the statements after it) must be one of them, so that the made ``else``
    binds it too (``img, label = shuffle_batch([img, label])``, not ``images = shuffle_batch([img])``)."""
    b = 1 - choice.unbatched
    stmt = choice.branches[b][0]
    bound = _branch_binds(stmt, choice.post[b])
    for s in choice.pre[b]:
        bound |= _branch_binds(s, [])
    extra = sorted(bound - set(names))
    if extra:
        raise Refusal(f"`{code(stmt).strip()}` is made inside `if {code(choice.stmt.test).strip()}` with no `else`, "
                      f"and the branch binds `{extra[0]}`, which is not one of the elements it batches: when the "
                      "test is false legacy leaves that name as it was before the `if` (or unbound); not rewritten "
                      "(batch into the elements' own names, or give the `if` an `else`)")


def _same_shapes(args: list[dict], code) -> bool:
    """Both batches of a choice give ``shapes=``, the same as written, over the same tensors and with the same
    ``enqueue_many``: the shared elements carry them (each element checked as both queues checked it)."""
    shapes = [a.get("shapes") for a in args]
    if any(is_none(s) for s in shapes) or code(shapes[0]) != code(shapes[1]):
        return False
    many = {"False" if a.get("enqueue_many") is None else code(a["enqueue_many"]) for a in args}
    return code(args[0]["tensors"]) == code(args[1]["tensors"]) and len(many) == 1


def _paired_shapes(args: list[dict]) -> list[list[cst.BaseExpression]] | None:
    """Each batch of a choice gives ``shapes=`` as a literal list of one shape per tensor of its literal tensor
    list, without ``enqueue_many``: each branch's shapes (legacy: two queues, each checking and setting its own);
    None otherwise."""
    out = []
    for a in args:
        shapes, tensors = a.get("shapes"), a.get("tensors")
        if not (isinstance(shapes, (cst.List, cst.Tuple)) and isinstance(tensors, (cst.List, cst.Tuple))):
            return None
        if any(isinstance(e, cst.StarredElement) for e in (*shapes.elements, *tensors.elements)) or \
                len(shapes.elements) != len(tensors.elements):
            return None
        if not is_none(a.get("enqueue_many")) and not (isinstance(a["enqueue_many"], cst.Name) and
                                                       a["enqueue_many"].value == "False"):
            return None
        out.append([e.value for e in shapes.elements])
    return out


def _post_reads(choice: Choice, pipeline, code) -> None:
    """No statement a branch keeps after its batch reads a name that the rewrite makes only inside a map
    function (the branch's own work, the per-element code before the ``if``), unless the batch binds it again."""
    from tfdata_bridge._src.migrate.calls import names_in
    from tfdata_bridge._src.migrate.tail_split import _bound

    moved = set().union(set(), *(_bound(s) for s in [*pipeline.source.statements, *pipeline.intermediates]))
    for (stmt, _), pre, post in zip(choice.branches, choice.pre, choice.post):
        inner = moved | set().union(set(), *(_bound(s) for s in pre))
        again = _branch_binds(stmt, [])
        for s in post:
            loops = {n for f in nodes_of(s, cst.For) for n in names_in(f.target)}  # (bound before the body reads)
            gone = sorted((_reads(s) & inner) - again - loops)
            if gone:
                raise Refusal(f"`{code(s).strip()}`, after the batch in a branch of the choice, reads `{gone[0]}`, "
                              "which the rewrite makes per element inside a map function; not rewritten: read the "
                              "batch's result there instead")
            again |= _branch_binds(s, [])


def _reads(stmt: cst.CSTNode) -> set[str]:
    """The names ``stmt`` reads: all its names, less the plain names an assignment of it only binds (``image,
    label = batch[:2]`` reads ``batch``; ``x[0] = y`` reads ``x`` and ``y``)."""
    from tfdata_bridge._src.migrate.calls import names_in

    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not isinstance(small, cst.Assign):
        return names_in(stmt)
    read = names_in(small.value)
    for t in small.targets:
        bound = target_names(t.target)
        read |= names_in(t.target) if bound is None else set()
    return read


def _as_tuples(pipeline, names: list[str]):
    """``pipeline`` whose elements carry each Python list of tensors among ``names`` as a tuple
    (``choice_tails.python_lists``)."""
    listed = python_lists(pipeline, names)
    if not listed:
        return pipeline
    items = [cst.Element(cst.Call(cst.Name("tuple"), [cst.Arg(cst.Name(n))]) if n in listed else cst.Name(n))
             for n in names]
    if len(items) == 1:  # one element, itself a tuple: ``(tuple(seq),)``, so that ``map`` passes it as one argument
        items = [cst.Element(cst.Tuple(items))]
    return replace(pipeline, args={**pipeline.args, "tensors": cst.List(items)})


def _function_name(finder: Finder, stmt: cst.CSTNode) -> str:
    """The name of the function ``stmt`` stands in (for a refusal), or "the module"."""
    scope = finder.scopes.scope(stmt)
    node = getattr(scope, "node", None)
    return node.name.value if isinstance(node, cst.FunctionDef) else "the module"
