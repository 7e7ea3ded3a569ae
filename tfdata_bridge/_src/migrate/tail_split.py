"""A pipeline whose source is chosen at run time: the statements after the ``if`` copied into both branches.

    if is_training:                                   if is_training:
        queue = tf.train.string_input_producer(...)       queue = tf.train.string_input_producer(...)
        values = tf.RandomShuffleQueue(...)               values = tf.RandomShuffleQueue(...)
    else:                                                 ...reads, enqueues, dequeue, batch...
        queue = tf.train.string_input_producer(...)   else:
        values = tf.FIFOQueue(...)                        queue_2 = tf.train.string_input_producer(...)
    ...reads, enqueues, dequeue, batch...                 values_2 = tf.FIFOQueue(...)
                                                          ...the same, on queue_2 and values_2...

(im2txt's ``prefetch_input_data``, a reader class or producer chosen by a flag; ResNet's ``example_queue``, a
``RandomShuffleQueue`` or a ``FIFOQueue`` by mode, up to its ``dequeue_many``). This is the same program: both
branches go on to the same statements. Each branch then holds one straight pipeline, which the recogniser
rewrites as it stands, so the flag stays a choice between two chains. Names that live only between the ``if``
and the batch are renamed in the second copy, so each copy's names are read by its own statements alone (a
name read after the batch, such as the batch's targets, keeps its name in both). ``to_tfdata.run`` keeps the
split module only where every pipeline it made is rewritten, so a program left alone stays as written.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.calls import code_of, name_counts, names_in, wrapped
from tfdata_bridge._src.migrate.hoist import line_map
from tfdata_bridge._src.migrate.choice_shapes import expand_ifexps, merge_same_tests, push_down, pushable, target_nodes
from tfdata_bridge._src.migrate.walk import Visitor

_ENDS = {"batch", "shuffle_batch", "maybe_batch", "maybe_shuffle_batch", "batch_join", "shuffle_batch_join",
         "maybe_batch_join", "maybe_shuffle_batch_join"}
_JUMPS = (cst.Return, cst.Raise, cst.Continue, cst.Break)


def _ends_pipeline(stmt: cst.BaseStatement) -> bool:
    """A statement that is (an assignment of, a return of) a batch or join call, by its name alone: the trial
    run of the recogniser decides the rest."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return False
    value = getattr(stmt.body[0], "value", None)
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
    return name in _ENDS


_DEQUEUES = {"dequeue_many", "dequeue_up_to", "dequeue"}


def _dequeues_chosen(stmt: cst.BaseStatement, chosen: set[str]) -> bool:
    """``x = q.dequeue_many(n)`` (or a return of it) of a queue ``q`` that each branch of the ``if`` makes
    (ResNet's ``example_queue``, a RandomShuffleQueue or a FIFOQueue by mode): the end of the pipeline."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return False
    value = getattr(stmt.body[0], "value", None)
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
        value.func.attr.value in _DEQUEUES and isinstance(value.func.value, cst.Name) and \
        value.func.value.value in chosen


def _bound(node: cst.CSTNode) -> set[str]:
    """The names assigned (``=``, ``for``, ``with ... as``) anywhere in ``node``, nested functions aside."""
    out: set[str] = set()

    class _V(Visitor):
        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            out.update(x.value for x in target_nodes(n.target))

        def visit_For(self, n: cst.For) -> None:
            out.update(x.value for x in target_nodes(n.target))

        def visit_AsName(self, n: cst.AsName) -> None:
            out.update(x.value for x in target_nodes(n.name))

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return False

    node.visit(_V())
    return out


def _falls_through(block: cst.BaseSuite) -> bool:
    body = block.body if isinstance(block, cst.IndentedBlock) else []
    if not body:
        return False
    last = body[-1]
    return not (isinstance(last, cst.SimpleStatementLine) and any(isinstance(s, _JUMPS) for s in last.body))


class _Rename(cst.CSTTransformer):
    def __init__(self, names: dict[str, str]) -> None:
        super().__init__()
        self.names = names

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return updated.with_changes(value=self.names[updated.value]) if updated.value in self.names else updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        # (the attribute's own name is no variable)
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)


def _split_any(body: list[cst.BaseStatement], whole: cst.CSTNode, taken: set[str],
               pairs: list[tuple[cst.CSTNode, cst.CSTNode]], push: bool) -> list[cst.BaseStatement] | None:
    """``_split_body`` of ``body`` (its ifs of one test merged first), else of the first block inside it (a
    ``with`` body, an ``if``'s branch) where one splits: Inception's choices sit under ``tf.name_scope``, and
    the second choice (``num_readers > 1``) inside each branch of the first."""
    merged = merge_same_tests(body)
    out = _split_body(merged, whole, taken, pairs, push)
    if out is not None:
        return out
    for i, stmt in enumerate(merged):
        if isinstance(stmt, (cst.With, cst.If)) and isinstance(stmt.body, cst.IndentedBlock):
            inner = _split_any(list(stmt.body.body), whole, taken, pairs, push)
            if inner is not None:
                return [*merged[:i], stmt.with_changes(body=stmt.body.with_changes(body=inner)), *merged[i + 1:]]
        if isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.Else) and \
                isinstance(stmt.orelse.body, cst.IndentedBlock):
            inner = _split_any(list(stmt.orelse.body.body), whole, taken, pairs, push)
            if inner is not None:
                orelse = stmt.orelse.with_changes(body=stmt.orelse.body.with_changes(body=inner))
                return [*merged[:i], stmt.with_changes(orelse=orelse), *merged[i + 1:]]
    return merged if merged is not body else None


def _split_body(body: list[cst.BaseStatement], whole: cst.CSTNode, taken: set[str],
                pairs: list[tuple[cst.CSTNode, cst.CSTNode]], push: bool = False) -> list[cst.BaseStatement] | None:
    """``push``: also move the plain assignments made before the ``if`` for its branches alone into them."""
    for i, stmt in enumerate(body):
        rest = body[i + 1:]
        if isinstance(stmt, cst.If) and stmt.orelse is None and isinstance(stmt.body, cst.IndentedBlock) and \
                not _falls_through(stmt.body) and any(_ends_pipeline(s) for s in stmt.body.body) and \
                any(_ends_pipeline(s) for s in rest) and not _falls_through(cst.IndentedBlock(rest)):
            # ``if shuffle: ...; return shuffle_batch(...)`` then ``batch(...)``, ``return``: the ``if`` never
            # falls through, so what follows it runs exactly when its test is false: its ``else``
            pairs.extend((s, s) for s in rest)
            return [*body[:i], stmt.with_changes(orelse=cst.Else(stmt.body.with_changes(body=rest)))]
        if not (isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.Else)):
            continue
        if not (_falls_through(stmt.body) and _falls_through(stmt.orelse.body)):
            continue
        chosen = _bound(stmt.body) & _bound(stmt.orelse.body)
        end = next((j for j in range(i + 1, len(body)) if _ends_pipeline(body[j]) or
                    _dequeues_chosen(body[j], chosen)), None)
        if end is None:
            continue
        tail = body[i + 1:end + 1]
        if not chosen & set().union(*(names_in(s) for s in tail)):
            continue  # the pipeline after the ``if`` reads nothing the branches choose
        # names that live only in the ``if`` and its tail: each copy may have its own
        region: dict[str, int] = {}
        for part in (stmt, *tail):
            for name, n in name_counts(part).items():
                region[name] = region.get(name, 0) + n
        start = i
        pushed = pushable(body[:i], stmt, tail, name_counts(whole), region) if push else []
        if pushed:  # made before the ``if`` for its branches alone: made in each branch that reads them
            start = i - len(pushed)
            stmt = push_down(pushed, stmt, tail, pairs)
        everywhere = name_counts(whole)
        local = {n for n in (_bound(stmt.orelse.body) | set().union(*(_bound(s) for s in tail)))
                 if everywhere.get(n, 0) == region.get(n, 0) and n != "_"}
        renames: dict[str, str] = {}
        for name in sorted(local):
            k = 2
            while f"{name}_{k}" in taken:
                k += 1
            renames[name] = f"{name}_{k}"
            taken.add(renames[name])
        second = []
        for s in (*stmt.orelse.body.body, *tail):
            second.append(s.visit(_Rename(renames)))
            pairs.append((second[-1], s))
        pairs.extend((s, s) for s in tail)  # (the first copy is the tail's own nodes)
        split = stmt.with_changes(
            body=stmt.body.with_changes(body=[*stmt.body.body, *tail]),
            orelse=stmt.orelse.with_changes(body=stmt.orelse.body.with_changes(body=second)))
        return [*body[:start], split, *body[end + 1:]]
    return None



_ROUNDS = 4  # splits per function: Inception's ``if train`` (two merged), then ``num_readers > 1`` in each branch


def split_choices(module: cst.Module, push: bool = False) -> tuple[cst.Module, Callable[[int], int]]:
    """(``module`` with its ``if``s split, round after round (the first of each function per round), the original
    line each of its lines stands for); ``module`` itself when there is none. ``push``: statements made before
    an ``if`` for its branches alone move into them (``choice_shapes.push_down``); asked for only when the split
    without it leaves a pipeline, since it changes more of the program."""
    out, lines = module, (lambda line: line)
    expanded = expand_ifexps(module)  # (an examples queue chosen by a conditional expression after ``if test:``)
    if expanded is not module:
        out, lines = expanded, line_map(code_of(module), code_of(expanded))
    for _ in range(_ROUNDS):
        split, more = _split_round(out, push)
        if split is out:
            break
        out, lines = split, (lambda line, first=lines, then=more: first(then(line)))
    return out, lines


def _split_round(module: cst.Module, push: bool) -> tuple[cst.Module, Callable[[int], int]]:
    """(``module`` with the first such ``if`` of each function (and of the module's own statements) split, the
    original line each of its lines stands for); ``module`` itself when there is none."""
    taken = set(name_counts(module))
    changed = [False]
    pairs: list[tuple[cst.CSTNode, cst.CSTNode]] = []

    plans: dict[cst.FunctionDef, list[cst.BaseStatement]] = {}

    class _Find(Visitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            if isinstance(node.body, cst.IndentedBlock):
                new = _split_any(list(node.body.body), node, taken, pairs, push)
                if new is not None:
                    plans[node] = new

    module.visit(_Find())

    class _T(cst.CSTTransformer):
        def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
            # (built from the original's statements, so a function split inside a split one stays as it was)
            if original not in plans:
                return updated
            changed[0] = True
            return updated.with_changes(body=updated.body.with_changes(body=plans[original]))

    out = module.visit(_T()) if plans else module  # (no function to split: the module is not rebuilt)
    top = _split_any(list(out.body), out, taken, pairs, push)  # a script's own statements
    if top is not None:
        changed[0] = True
        out = out.with_changes(body=top)
    if not changed[0]:
        return module, lambda line: line
    return out, _line_map(module, out, pairs)


def _line_map(original: cst.Module, split: cst.Module, pairs) -> Callable[[int], int]:
    """Each copied statement's lines stand for the statement it copies; other lines as ``hoist.line_map``."""
    before = wrapped(original).resolve(PositionProvider)
    after = wrapped(split).resolve(PositionProvider)
    exact: dict[int, int] = {}
    for new, old in pairs:
        if new in after and old in before:
            start, end, first = after[new].start.line, after[new].end.line, before[old].start.line
            exact.update((line, first + line - start) for line in range(start, end + 1))
    rest = line_map(code_of(original), code_of(split))
    return lambda line: exact.get(line) or rest(line)
