"""Recognising one legacy pipeline: the batch call, the ops between, and its source.

A pipeline is found from its batch call backwards, inside one block of statements: the statements that
compute the batched tensors (simple assignments and ``x.set_shape(...)``) back to a *source*, which is a
reader's ``read`` of a ``string_input_producer``, a ``slice_input_producer``, or a zero-input ``py_func``.
Every name those statements define must be used by them alone (and the batch call), so that moving them
into a ``Dataset.map`` function changes nothing else. Anything else is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import GlobalScope

from tfdata_bridge._src.migrate.calls import name_ids as _name_ids
from tfdata_bridge._src.migrate.calls import Refusal, aliases, bind, free_name, is_none, literal_bool, names_in, \
    nodes_of, plain_read, static_read, target_names
from tfdata_bridge._src.migrate.branch_names import bound_by, branch_needs, branch_reads, kept_names, settled_if, \
    not_an_assignment
from tfdata_bridge._src.migrate.control_blocks import control_block
from tfdata_bridge._src.migrate.compression import options_statement, reader_options
from tfdata_bridge._src.migrate.dequeue_names import dequeue_helper_source, dequeued_names, dequeues_a_parameter
from tfdata_bridge._src.migrate.file_queue_size import drop_file_queue_size
from tfdata_bridge._src.migrate.filename_queue import handbuilt_file_queue
from tfdata_bridge._src.migrate.handbuilt import Prefetch, chosen_queue, prefetch_source
from tfdata_bridge._src.migrate.hand_stages import check_hand_stages
from tfdata_bridge._src.migrate.pyfunc_helper import pyfunc_helper_source
from tfdata_bridge._src.migrate.pyfunc_shapes import shaping_loop
from tfdata_bridge._src.migrate.queue_stages import Stage, inline_stage, stage_needs
from tfdata_bridge._src.migrate.prefetch_helper import helper_prefetch, returned_queue
from tfdata_bridge._src.migrate.reader_factory import factory_reader
from tfdata_bridge._src.migrate.rebound import other_branch, read_after, rebinds
from tfdata_bridge._src.migrate.traced_names import static_entry_read, structure_keys_read, traced_value
from tfdata_bridge._src.migrate.bindings import another_binding, control_holder
from tfdata_bridge._src.migrate.reader_counts import reader_count
from tfdata_bridge._src.migrate.helpers import ReaderHelper, reader_helper
from tfdata_bridge._src.migrate.in_memory import in_memory_source
from tfdata_bridge._src.migrate.in_step import read_in_step
from tfdata_bridge._src.migrate.limit_batch import limit_source
from tfdata_bridge._src.migrate.literal_lists import known_length, literal_list, unpacked_list, whole_list
from tfdata_bridge._src.migrate.moved_reads import check_moved_reads
from tfdata_bridge._src.migrate.mutations import mutation_needs
from tfdata_bridge._src.migrate.reader_kwargs import bind_reader
from tfdata_bridge._src.migrate.object_state import (refuse_held_object_read, refuse_kept_pipeline,
                                                      refuse_own_method_read)
from tfdata_bridge._src.migrate.method_source import check_inlined, method_source
from tfdata_bridge._src.migrate.module_names import by_name, through_module
from tfdata_bridge._src.migrate.reader_alias import class_alias
from tfdata_bridge._src.migrate.reader_choice import parameter_reader, unresolved_reader
from tfdata_bridge._src.migrate.wrapped_sources import refuse_wrapped_source
from tfdata_bridge._src.migrate.reader_ifexp import chosen_reader, reader_chosen_by_branches
from tfdata_bridge._src.migrate.attr_reasons import attribute_reader
from tfdata_bridge._src.migrate.grown_lists import refuse_grown_list
from tfdata_bridge._src.migrate.step_loops import loop_needs
from tfdata_bridge._src.migrate.record_keys import KEYED_READERS
from tfdata_bridge._src.migrate.reader_setup import Setup, place_setup
from tfdata_bridge._src.migrate.queue_helpers import helper_file_queue, returned_producer
from tfdata_bridge._src.migrate.passed_queue import PassedQueue, passed_file_queue
from tfdata_bridge._src.migrate.record_summaries import drop_record_summary
from tfdata_bridge._src.migrate.loose_ends import carry_loose_ends
from tfdata_bridge._src.migrate.returned_calls import returned_count
from tfdata_bridge._src.migrate.returned_lists import returned_elements
from tfdata_bridge._src.migrate.scopes import Scopes
from tfdata_bridge._src.migrate.tensors import tensor_producer, unchanged_between
from tfdata_bridge._src.migrate.tuple_producers import ReturnedProducers, tuple_producer_source
from tfdata_bridge._src.symbols import READER_SOURCES
from tfdata_bridge._src.migrate.identity import refuse_identity_groups
from tfdata_bridge._src.migrate.walk import Visitor
from tfdata_bridge._src.migrate.whole_lists import check_whole_slices

BATCHES = {"train.batch", "train.shuffle_batch", "train.maybe_batch", "train.maybe_shuffle_batch"}
JOINS = {"train.batch_join", "train.shuffle_batch_join", "train.maybe_batch_join", "train.maybe_shuffle_batch_join"}
# the readers a recognised pipeline may read with (symbols.READER_SOURCES; an IdentityReader's "records" are
# its work strings: nothing a file-reading rewrite would give, so the other forms' READERS leave it)
READERS = set(READER_SOURCES) - {"IdentityReader"}
# a plain read (``key, value = reader.read(queue)``, in the block or in a helper taking the queue) also takes an
# IdentityReader: its key and value are both the work string, so the producer's chain is its records (identity.py)
PLAIN_READERS = READERS | {"IdentityReader"}
# what the rewrite turns into tf.data as part of a recognised pipeline: symbols.LegacySymbol.rewritten


@dataclass
class Source:
    kind: str  # "reader", "slice", "range", "py_func", "dataset", "zip", "choose"
    statements: list[cst.SimpleStatementLine]  # removed by the rewrite
    params: list[str]  # the names the source's elements are bound to, in order
    call: dict[str, cst.BaseExpression] = field(default_factory=dict)  # bound arguments of the producer
    reader: str = ""  # reader class short name
    reader_args: dict[str, cst.BaseExpression] = field(default_factory=dict)
    pyfunc: dict[str, cst.BaseExpression] = field(default_factory=dict)
    single: bool = False  # a py_func with one Tout (not a list): a bare tensor
    helper: ReaderHelper | None = None  # a reader helper called with the file queue (its result: ``params``)
    prefetch: Prefetch | None = None  # k readers fill a hand-built queue that is dequeued here
    producer: str = ""  # the input producer's short name, where the source is one (``tensors.py``)
    one_of_list: bool = False  # a py_func's one-output list, enqueued whole into a one-component queue
    up_to: str | None = None  # ``reader.read_up_to(queue, n)``: n, as code (the records come n at a time)
    # a reader method inlined (``method_source.py``): its statements, first in the per-record function; and
    # what else the rewrite removes (the method)
    inlined: list[cst.BaseStatement] = field(default_factory=list)
    removes: list[cst.CSTNode] = field(default_factory=list)
    foreign: list[cst.FunctionDef] = field(default_factory=list)  # such methods of another module's classes
    parts: list[Source] = field(default_factory=list)  # kind "zip": the sources read in step (``in_step.py``)
    # kind "zip": why legacy's pairing is not the zip's on every run ("" where one thread paired them)
    racy: str = ""
    # a reader made from values its function computes: the statements computing them (``reader_setup.py``)
    setup: Setup | None = None
    keyed: bool = False  # a reader's record key is used: each record comes as ``(key, value)`` (record_keys.py)
    # ``n = reader.num_records_produced()`` run after the end of data (reader_counts.py): (n, the count method)
    counts: list[tuple[str, str]] = field(default_factory=list)
    branches: list[Pipeline] = field(default_factory=list)  # kind "choose": a join's lists (``branch_joins.py``)
    # statements the rewrite changes, not removes: a hand-started file queue runner's ``threads = qr.create_threads(
    # ...)``, now ``threads = []`` (``filename_queue.py``); and the differences the file queue's rewrite states
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine] = field(default_factory=dict)
    accepted: list[str] = field(default_factory=list)
    # the file queue a parameter, its callers' producers becoming datasets of file names (``passed_queue.py``)
    # (kind "dataset": a helper's returned producers, now datasets of file names: ``tuple_producers.ReturnedProducers``)
    passed: PassedQueue | ReturnedProducers | None = None
    # kind "slice": ``tensor_list`` a name of a list whose length is known only when the program runs, its tuple
    # sliced whole (``whole_lists.py``); ``params`` is ``["*name"]`` of the producer's result
    whole: bool = False
    # kind "slice": such a list, its producer's result read only by subscripts (``sliced[6]``): the tuple's head as
    # ``whole``, the elements as a known-length list's (``literal_lists.whole_list(grown=True)``)
    indexed: bool = False
    # kind "py_func": its outputs' shapes, set by a loop after it (``pyfunc_shapes.py``), one per output
    set_shapes: list[cst.BaseExpression] = field(default_factory=list)


def source_news(source: Source) -> dict[cst.SimpleStatementLine, cst.SimpleStatementLine]:
    """``news`` of ``source`` and of the sources it is made of (``parts``, ``branches``)."""
    out = dict(source.news)
    for part in source.parts:
        out.update(source_news(part))
    for branch in source.branches:
        out.update(source_news(branch.source))
    return out


@dataclass
class Pipeline:
    batch_stmt: cst.SimpleStatementLine
    api: str  # "train.batch", ...
    args: dict[str, cst.BaseExpression]
    source: Source
    intermediates: list[cst.SimpleStatementLine]  # in program order
    targets: cst.BaseAssignTargetExpression | None  # None: the batch call is returned
    readers: str | None = None  # batch_join over this many readers of one file queue: files read side by side
    originals: list[cst.SimpleStatementLine] | None = None  # the intermediates as written, when rewritten here
    # a join over k copies whose loop index changes values: (the index, k); element i meets copy i % k
    copy_index: tuple[str, str] | None = None
    accepted: list[str] = field(default_factory=list)  # differences its recogniser states (``branch_joins.py``)
    stages: list[Stage] = field(default_factory=list)  # queue stages between the read and the batch, in order
    # names the moved statements bind to a value of the graph's structure, read after the batch (traced_names.py)
    traced: list[str] = field(default_factory=list)
    # a reader helper's returned dict, read after the batch at keys whose values are Python values fixed when the
    # graph is built (``dom['count']``, ``'count': len(files)``): its name -> those keys (``traced_names.py``)
    entries: dict[str, list[str]] = field(default_factory=dict)
    # dead statements and log lines moved with the intermediates, which make no element's value (loose_ends.py)
    carried: list[cst.BaseStatement] = field(default_factory=list)


def _picked_slice(finder, value: cst.BaseExpression) -> tuple[cst.Call, int] | None:
    """(the producer call, k) where ``value`` is ``slice_input_producer(...)[k]``, k a literal integer."""
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1 and
            isinstance(value.slice[0].slice, cst.Index) and finder.is_api(value.value, "train.slice_input_producer")):
        return None
    index = value.slice[0].slice.value
    sign = 1
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus):
        index, sign = index.expression, -1
    if not isinstance(index, cst.Integer):
        raise Refusal("`slice_input_producer(...)` is indexed by what is not a literal integer: which of its tensors "
                      "is taken is not known; unpack it into one name per tensor")
    return value.value, sign * int(index.value, 0)


def _only_indexed(finder, stmt: cst.SimpleStatementLine, name: str) -> bool:
    """Every read of ``name`` as ``stmt`` binds it is subscripted (``name[0]``), and there is one at least."""
    readers = finder.scopes.readers_of(stmt, name)
    scope = finder.scopes.scope(stmt)
    node = getattr(scope, "node", None)
    if isinstance(scope, GlobalScope):  # (a module's own statements: the module, whose code the finder writes)
        node = finder.module
    if not readers or node is None:
        return False
    indexed = {id(s.value) for s in nodes_of(node, cst.Subscript) if isinstance(s.value, cst.Name) and
               all(isinstance(e.slice, cst.Index) for e in s.slice)}  # (``q[0:1]`` is a list of it: not this)
    # ``queue.enqueue(name)``: a one-tensor list enqueued is the queue's one component, as the tensor itself would
    # be (a queue's ``dequeue`` gives one component back as the tensor): the tuple of the one slice is enqueued alike
    indexed |= {id(c.args[0].value) for c in nodes_of(node, cst.Call) if isinstance(c.func, cst.Attribute)
                and c.func.attr.value == "enqueue" and len(c.args) == 1 and not c.args[0].star
                and (c.args[0].keyword is None or c.args[0].keyword.value == "vals")
                and isinstance(c.args[0].value, cst.Name)}
    return all(id(r) in indexed for r in readers)


def _only_subscripted(finder, stmt: cst.SimpleStatementLine, name: str) -> bool:
    """Every read of ``name`` as ``stmt`` binds it is ``name[k]`` (one index, no slice), and there is one."""
    readers = finder.scopes.readers_of(stmt, name)
    scope = finder.scopes.scope(stmt)
    node = getattr(scope, "node", None)
    if not readers or not isinstance(node, cst.FunctionDef):
        return False
    indexed = {id(s.value) for s in nodes_of(node, cst.Subscript) if isinstance(s.value, cst.Name) and
               len(s.slice) == 1 and isinstance(s.slice[0].slice, cst.Index)}
    return all(id(r) in indexed for r in readers)


def _assign(stmt: cst.BaseStatement) -> cst.Assign | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign):
        assign = stmt.body[0]
        if len(assign.targets) == 1:
            return assign
    return None


def _literal_index(sub: cst.Subscript) -> bool:
    """Whether ``sub`` reads one element by a literal integer (``xs[0]``, ``xs[-1]``)."""
    if len(sub.slice) != 1 or not isinstance(sub.slice[0].slice, cst.Index):
        return False
    value = sub.slice[0].slice.value
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    return isinstance(value, cst.Integer)


def _set_shape_of(stmt: cst.BaseStatement) -> str | None:
    """``x`` for the statement ``x.set_shape(...)``."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr):
        call = stmt.body[0].value
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "set_shape":
            obj = call.func.value
            # ``record.label.set_shape(...)``: the record; ``tf_f[0].set_shape(...)`` (one of a py_func's list of
            # outputs, by a literal index): the list
            while isinstance(obj, cst.Attribute) or isinstance(obj, cst.Subscript) and _literal_index(obj):
                obj = obj.value
            if isinstance(obj, cst.Name):
                return obj.value
    return None


def set_shape_loop(stmt: cst.BaseStatement) -> frozenset[str] | None:
    """The names shaped by ``for x in xs: x.set_shape(...)`` (each of a list of tensors given its static shape):
    ``{"xs"}``, or the names of a literal ``for t in (a, b, label):``; a loop with no ``else`` whose body does
    nothing else."""
    if not (isinstance(stmt, cst.For) and isinstance(stmt.target, cst.Name) and stmt.orelse is None
            and stmt.asynchronous is None and isinstance(stmt.body, cst.IndentedBlock) and stmt.body.body):
        return None
    if isinstance(stmt.iter, cst.Name):
        over = frozenset({stmt.iter.value})
    elif isinstance(stmt.iter, (cst.Tuple, cst.List)) and stmt.iter.elements and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in stmt.iter.elements):
        over = frozenset(e.value.value for e in stmt.iter.elements)  # type: ignore[union-attr]
    else:
        return None
    if stmt.target.value in over:
        return None
    if all(_set_shape_of(b) == stmt.target.value and not (names_in(b.body[0].value) - {stmt.target.value}) & over
           for b in stmt.body.body):
        return over
    return None


def _check_stage_names(finder, p: Pipeline) -> None:
    """A queue stage's capacity, seed and flag are read where the chain is built: none may be a name the
    statements moving into the map function (or the source's) bind."""
    if not p.stages:
        return
    from tfdata_bridge._src.migrate.queue_stages import _bound_names

    moved = set().union(*(_bound_names(s) for s in [*p.source.statements, *p.intermediates]))
    for stage in p.stages:
        read = set().union(*(names_in(v) for v in (stage.capacity, stage.seed, stage.flag, stage.chunk)
                             if v is not None))
        if read & moved:
            raise Refusal(f"the queue stage `{stage.helper}` reads `{sorted(read & moved)[0]}`, which the per-element "
                          "code moving into the map function makes; the chain's step cannot read it")


def _log_line(finder, stmt: cst.BaseStatement, needed: set[str]) -> bool:
    """``tf.logging.info(x)`` (or ``logging.info``, any level) as a statement of its own, reading batched tensors:
    it moves into the per-element function, where it logs the traced tensors once, as legacy logged them once
    when it built the graph."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return False
    call = stmt.body[0].value
    if not isinstance(call, cst.Call) or not names_in(call) & needed:
        return False
    path = finder.api(call) or ""
    func = call.func
    plain = isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "logging"
    return "logging" in path.split(".")[:-1] or plain


def _spread_slices(tensors: cst.BaseExpression, source: Source, intermediates: list) -> cst.List | None:
    """The batch's tensors one by one where they are a sum of list displays and of ``name`` / ``name[i:j]``
    (literal bounds, no step; ``*name[i:j]`` in a display too), ``name`` the list of ``k`` slices a
    ``slice_input_producer`` of ``k`` tensors gave, bound to one name and bound again nowhere before the
    batch: ``[image] + sliced[1:]`` is ``[image, sliced[1], ..., sliced[k-1]]``. None where they are not."""
    if not (source.kind == "slice" and len(source.params) == 1 and source.params[0].startswith("*")
            and isinstance(source.call.get("tensor_list"), (cst.List, cst.Tuple))):
        return None
    name, k = source.params[0][1:], len(source.call["tensor_list"].elements)
    if not isinstance(tensors, (cst.BinaryOperation, cst.Subscript)) and not (isinstance(tensors, cst.List) and any(
            isinstance(e, cst.StarredElement) for e in tensors.elements)):
        return None
    if any(_binds(s, name) or _augmented(s, {name}) for s in intermediates):
        return None

    def part(expr) -> list[cst.BaseExpression] | None:
        if isinstance(expr, cst.Name) and expr.value == name:
            return [_item(name, i) for i in range(k)]
        if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name) and expr.value.value == name \
                and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice) \
                and expr.slice[0].slice.step is None:
            cut = expr.slice[0].slice
            bounds = [None if b is None else _literal_int(b) for b in (cut.lower, cut.upper)]
            if any(b is None and e is not None for b, e in zip(bounds, (cut.lower, cut.upper))):
                return None
            return [_item(name, i) for i in range(k)[slice(*bounds)]]
        if isinstance(expr, cst.List):
            out: list[cst.BaseExpression] = []
            for e in expr.elements:
                got = part(e.value) if isinstance(e, cst.StarredElement) else [e.value]
                if got is None:
                    return None
                out += got
            return out
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
            a, b = part(expr.left), part(expr.right)
            return None if a is None or b is None else a + b
        return None

    got = part(tensors)
    return None if got is None else cst.List([cst.Element(e) for e in got])


def _item(name: str, i: int) -> cst.Subscript:
    return cst.Subscript(cst.Name(name), [cst.SubscriptElement(cst.Index(cst.Integer(str(i))))])


def _literal_int(expr: cst.BaseExpression) -> int | None:
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) and \
            isinstance(expr.expression, cst.Integer):
        return -int(expr.expression.evaluated_value)
    return None


def _binds(stmt: cst.BaseStatement, name: str) -> bool:
    a = _assign(stmt)
    return a is not None and name in (target_names(a.targets[0].target) or ())


def _augmented(stmt: cst.BaseStatement, needed: set[str]) -> str | None:
    """``x`` for ``x *= 3.0`` (any augmented assignment) where ``x`` is in ``needed``."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.AugAssign):
        target = stmt.body[0].target
        if isinstance(target, cst.Name) and target.value in needed:
            return target.value
    return None


def rebound_inside(stmt: cst.BaseStatement, needed: set[str]) -> str | None:
    """A name of ``needed`` that a compound statement (a loop, ``if``, ``try``) binds somewhere inside
    (``for _ in range(2): x *= 3.0``): the walk back cannot take such a statement into the map function."""
    if isinstance(stmt, cst.SimpleStatementLine):
        return None
    found: list[str] = []

    class _V(Visitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False  # (its own scope)

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

        def _bind(self, target: cst.BaseExpression) -> None:
            found.extend(n for n in (target_names(target) or ()) if n in needed)

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            self._bind(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._bind(node.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            self._bind(node.target)

        def visit_For(self, node: cst.For) -> None:
            self._bind(node.target)

        def visit_AsName(self, node: cst.AsName) -> None:
            self._bind(node.name)  # type: ignore[arg-type]

    stmt.visit(_V())
    return found[0] if found else None


def shaped_by(stmt: cst.BaseStatement, needed: set[str]) -> bool:
    """Whether ``stmt`` only gives static shapes to tensors of ``needed`` (``x.set_shape(...)`` or a
    ``set_shape_loop``): it goes with them into the per-element function."""
    one = _set_shape_of(stmt)
    if one is not None:
        return one in needed
    many = set_shape_loop(stmt)
    return many is not None and many <= needed


class Finder:
    """Builds ``Pipeline``s; ``paths`` maps each Call node to its TensorFlow API path (or None)."""

    def __init__(self, paths: dict[cst.Call, str | None], refs: dict[str, list[cst.Name]], scopes: Scopes,
                 code=None, external=None, module: cst.Module | None = None) -> None:
        self.paths = paths
        self.refs = refs
        self.scopes = scopes
        self.code = code
        # ``external(func) -> (FunctionDef, Finder of its module) | None``: helpers in other migrated modules
        self.external = external
        self.module = module  # (the module surveyed, whose ``code_for_node`` is ``code``; None where not known)
        # the nodes of the other arms of an ``if`` choosing the source, while one arm's pipeline is found: their
        # reads of the file queue are another chain's (``to_tfdata._source_choice``)
        self.other_arms: frozenset[int] = frozenset()
        self._unfed: frozenset[str] | None = None
        # import line -> the name it binds: another module's names that moved code reads (``module_names.py``)
        self.by_name_imports: dict[str, str] = {}

    def unfed(self, call: cst.Call) -> bool:
        """``call`` (a ``placeholder_with_default``) is one no run of the program can feed: its default value
        (``unfed_defaults.py``; the tree's other modules' texts read where the finder has a tree)."""
        from tfdata_bridge._src.migrate.unfed_defaults import folded, unfed_defaults

        if self.module is None or self.code is None:
            return False
        if self._unfed is None:
            texts = getattr(self.external, "other_texts", None)
            others = texts() if texts is not None else () if self.external is None else None
            self._unfed = unfed_defaults(self.module, others) if others is not None else frozenset()
        return folded(self.code(call)) in self._unfed

    def api(self, node: cst.BaseExpression | None) -> str | None:
        return self.paths.get(node) if isinstance(node, cst.Call) else None

    def is_api(self, node: cst.BaseExpression | None, *names: str) -> str | None:
        """The short name of whichever of ``names`` (``"train.batch"``, ``"TFRecordReader"``) ``node`` calls."""
        path = self.api(node)
        if path is None:
            return None
        short = path.rsplit(".", 1)[-1]
        for name in names:
            if short == name.rsplit(".", 1)[-1] and path in aliases(name):
                return short
        return None

    def pipeline(self, body: list[cst.BaseStatement], index: int, api: str | None = None,
                 args: dict[str, cst.BaseExpression] | None = None, ends: cst.BaseStatement | None = None,
                 removes: tuple[cst.BaseStatement, ...] = (), static: tuple[cst.CSTNode, ...] = ()) -> Pipeline:
        """The pipeline ending at ``body[index]``: its batch call, or (``api``, ``args`` given) a call of a batch
        helper whose ``args["tensors"]`` are the caller's tensors. ``ends``: the statement whose targets the
        pipeline's batches fill, where it is not ``body[index]`` (a join over a loop's copies: the join).
        ``removes``: statements that go with it, their reads of its names none outside (a join's ``[sample]``).
        ``static``: parts of what the caller removes with it (a hand-built queue's ``dtypes=[x.dtype]``) whose reads
        of its names are of their static dtype or shape alone: nothing of those is left to read after the rewrite."""
        stmt = body[index]
        small = stmt.body[0]  # an assignment or a return of the batch call
        call = small.value
        if args is None:
            api = self.api(call)
            assert isinstance(call, cst.Call) and api is not None
            args = bind(call, api)
        if "tensors" not in args:
            raise Refusal(f"`{api}` is called without its tensors")
        starred = [el for el in getattr(args["tensors"], "elements", ()) if isinstance(el, cst.StarredElement)]
        if starred and isinstance(args["tensors"], (cst.List, cst.Tuple)):
            shown = cst.Module([]).code_for_node(starred[0].value)
            unpacked = Refusal(f"`{api}`'s tensor list unpacks `*{shown}`: the rewrite needs the list's tensors one "
                               "by one (how many it holds is known only when the program runs); name each tensor "
                               "in the list")
            if isinstance(args["tensors"], cst.Tuple) or not all(
                    isinstance(el.value, cst.Name) or isinstance(el.value, cst.Subscript) and
                    isinstance(el.value.value, cst.Name) for el in starred):
                raise unpacked
            # (``*sliced[1:]`` of a slice producer's list: known once its source is: _spread_slices)
        inline = inline_stage(self, stmt, args["tensors"], body[:index]) if api in BATCHES else None
        if inline is not None:  # ``train.batch(shuffle_inputs([x, y]), n)``: a stage inside the batch
            args = {**args, "tensors": inline[1]}
        needed = names_in(args["tensors"])
        if "keep_input" in args:
            needed |= names_in(args["keep_input"])
        intermediates: list[cst.SimpleStatementLine] = []
        source: Source | None = None
        found_at: int | None = None  # where the walk back found the source
        # what ``with`` blocks before the call define is visible after them (a block of control dependencies
        # stays whole: it moves into the map function as it is, ``control_blocks.py``)
        body = _flatten(body[:index], keep_control=True)
        augmented: list[tuple[int, cst.BaseStatement, str]] = []
        stages: list[Stage] = [inline[0]] if inline is not None else []
        _refuse_a_fed_batch_size(self, body, args, api)
        refuse_grown_list(body, args["tensors"], api, self.scopes.lines.get)  # (``if flag: t.append(x)``)
        for j in range(len(body) - 1, -1, -1):
            prev = body[j]
            if shaped_by(prev, needed):
                intermediates.append(prev)  # type: ignore[arg-type]
                continue
            staged = stage_needs(self, body, j, needed, api) if api in BATCHES else None
            if staged is not None:  # ``[if flag:] x = shuffle_inputs(x, ...)``: a queue stage (queue_stages.py)
                stage, alias, reads = staged
                stages.append(stage)
                if stage.chunk is not None:  # ``x = shuffle_chunks(producer, k)``: the call reads ``producer``
                    read, defined = alias.body[0], target_names(alias.body[0].targets[0].target) or []
                    produced = tensor_producer(self, body[j], read.value)  # (one tensor a row: the chunk is one)
                    source = produced.source(body[j], read, defined) if produced is not None else \
                        dequeued_names(self, body[j], read, defined)
                    if source is None:
                        raise Refusal(f"the queue stage `{stage.helper}` dequeues chunks of "
                                      f"`{self.code(read.value.func.value)}`, which is no input producer of one "
                                      "tensor (`input_producer`, `range_input_producer`, `string_input_producer`)")
                    found_at = j
                    break
                if alias is not None:
                    intermediates.append(alias)
                    needed = (needed - set(target_names(alias.body[0].targets[0].target) or ())) | reads
                else:
                    needed |= reads
                continue
            grown = _augmented(prev, needed)  # ``x *= 3.0``: a new value of a tensor the per-element code made
            if grown is not None:
                intermediates.append(prev)  # type: ignore[arg-type]
                augmented.append((j, prev, grown))
                needed |= names_in(prev.body[0].value)  # type: ignore[union-attr]
                continue
            changed = mutation_needs(prev, needed)  # ``features["label"] = label``: the container changed in place
            if changed is not None:
                intermediates.append(prev)  # type: ignore[arg-type]
                needed |= changed
                continue
            if settled_if(prev, body[:j], needed):  # ``if t is None: t = []``: a setting, settled in place
                continue
            chosen = branch_needs(self, prev, needed, stmt)  # ``if flag: x, y = a, b`` (``branch_names.py``)
            if chosen is not None:
                intermediates.append(prev)  # type: ignore[arg-type]
                needed = (needed - ((bound_by(prev) or set()) - kept_names(prev))) | chosen
                continue
            looped = loop_needs(self, prev, needed)  # a per-time-step ``for`` growing the batched lists (step_loops.py)
            if looped is not None:
                intermediates.append(prev)  # type: ignore[arg-type]
                needed |= looped
                continue
            rebound = rebound_inside(prev, needed)
            if rebound is not None:
                at = self.scopes.positions.get(prev)
                where = self.scopes.lines.get(prev) or getattr(getattr(at, "start", None), "line", None)
                other = not_an_assignment(prev)  # (an ``if`` of plain assignments moves: branch_names.py)
                if other is not None:
                    line = self.scopes.lines.get(other)
                    raise Refusal(f"`{rebound}` gets a new value inside `if {self.code(prev.test).strip()}`"
                                  f"{f' (line {where})' if where else ''} between the read and the `{api}`; an "
                                  "`if` of assignments alone moves into the map function as it is, but "
                                  f"`{self.code(other.with_changes(leading_lines=())).strip()}`"
                                  f"{f' (line {line})' if line else ''} in it is no assignment; not rewritten: "
                                  "move it out of the `if`")
                raise Refusal(f"`{rebound}` gets a new value inside a `{type(prev).__name__.lower()}` statement"
                              f"{f' at line {where}' if where else ''} between the read and the `{api}`: the "
                              "rewrite moves the per-element code into the map function, and cannot move that "
                              "statement with it; give the new value in straight code (`x = x * 3.0`, or a helper "
                              "function that returns it)")
            if _log_line(self, prev, needed):  # ``tf.logging.info(x)``: logged when the map function is traced
                intermediates.append(prev)  # type: ignore[arg-type]
                continue
            a = _assign(prev)
            if a is None:
                continue
            defined = target_names(a.targets[0].target)
            if defined is None or not needed & set(defined):
                continue
            source = self._source(body, j, a, defined)
            if source is not None:
                found_at = j
                break
            intermediates.append(prev)  # type: ignore[arg-type]
            needed = (needed - set(defined)) | names_in(a.value)
        for j, stmt_j, name in augmented:  # it moves where the value it changes moves: made after the source
            if found_at is None or not any(_binds(b, name) for b in body[found_at:j]):
                intermediates.remove(stmt_j)  # (a name of the enclosing code: changed before the map is traced)
        if source is None:  # ``enqueue_many=True`` of constants, arrays, lists: their rows, repeated (in_memory.py)
            made = in_memory_source(self, stmt, api, args)
            if made is not None:
                (source, args), intermediates = made, []
        if source is None:  # a tensor made per run, repeated by ``limit_epochs`` (limit_batch.py)
            made = limit_source(self, stmt, api, args, intermediates)
            if made is not None:
                source, intermediates = made
        if source is None:
            refuse_kept_pipeline(self, stmt, args["tensors"], intermediates, api)  # a pipeline kept on ``self``
            refuse_wrapped_source(self, intermediates, api)  # a wrapper of a source helper, left (wrapped_sources.py)
            if starred:  # (what the starred name holds is why no source is followed: ``*features, late = ...``)
                raise unpacked
            raise Refusal(f"no input producer, reader or zero-input `py_func` feeds this `{api}` in the same block")
        if found_at is not None:
            moved = {id(m) for m in source.statements}
            try:
                _refuse_a_second_source([b for b in body[:found_at] if id(b) not in moved], intermediates,
                                        needed - set(source.params), api, self._other_source_or_helper)
            except Refusal as exc:  # other sources read in step: a zip of them, where legacy paired them
                source, intermediates = read_in_step(
                    self, body, found_at, source, intermediates, needed, api, args, exc,
                    lambda before, between, free: _refuse_a_second_source(before, between, free, api,
                                                                           self._other_source_or_helper))
        intermediates.reverse()
        # dead decode lines and log lines of per-element tensors go with them (loose_ends.py)
        intermediates, carried = carry_loose_ends(self, body, source, intermediates, stmt)
        if source.whole:  # (a list of a length known only when the program runs, batched whole: whole_lists.py)
            check_whole_slices(self, source, args, intermediates, small, api, stages)
        spread = _spread_slices(args["tensors"], source, intermediates)
        if spread is not None:  # ``[image] + sliced[1:]``: the list of the slices, one by one
            args = {**args, "tensors": spread}
        elif starred:
            raise unpacked
        for part in source.parts or [source]:  # ``shuffle=training``: read by the rewrite where the batch was
            if part.kind in ("slice", "range", "reader") and part.statements:
                unchanged_between(self, [part.call.get(k) for k in ("shuffle", "seed", "num_epochs")],
                                  part.statements[0], stmt, part.producer or "the producer")
        targets = small.targets[0].target if isinstance(small, cst.Assign) else None
        pipeline = Pipeline(stmt, api, args, source, [*source.inlined, *intermediates], targets)  # type: ignore
        pipeline.accepted.extend(source.accepted)
        pipeline.carried = carried
        pipeline.stages = stages[::-1]
        _check_stage_names(self, pipeline)
        check_hand_stages(pipeline)  # (a queue written here: what the batch reads beside it, ``hand_stages.py``)
        for stage in pipeline.stages:  # (its runner started by hand: ``threads = []``)
            source.news.update(stage.news)
        pipeline.source.removes.extend(removes)
        self._check_private(pipeline, ends or stmt, static)
        check_inlined(pipeline)
        sources = {id(s): s for part in [source, *source.parts] for s in part.statements}  # (their reasons first)
        check_moved_reads(self, list(sources.values()), list(intermediates), source.params, stmt, branch_reads)
        if source.helper is not None and source.helper.record is not None:
            self._record_fields(pipeline)
        return pipeline

    def _other_source(self, call: cst.BaseExpression) -> str | None:
        """The input producer, slice producer or reader that ``call`` makes, if any."""
        return self.is_api(call, "train.string_input_producer", "train.input_producer", "train.range_input_producer",
                           "train.slice_input_producer", *READERS)

    def _other_source_or_helper(self, call: cst.BaseExpression) -> str | None:
        """``_other_source``, or a function of the module (or another module's, ``external``) that ``call`` calls,
        making one or reading a queue (``made_in_helper``)."""
        made = self._other_source(call)
        if made is None and isinstance(call, cst.Call):
            made = made_in_helper(self, call)
        return made

    def _record_fields(self, p: Pipeline) -> None:
        """The helper returns a record object: it returns a dict of the fields its caller reads instead, and the
        caller's ``record.field`` become ``record["field"]`` (a field the helper sets to a literal: the literal)."""
        h = p.source.helper
        [record] = p.source.params
        used: dict[str, None] = {}
        bare: list[cst.Name] = []

        class _Uses(Visitor):
            def visit_Attribute(self, node: cst.Attribute) -> bool:
                if isinstance(node.value, cst.Name) and node.value.value == record:
                    used[node.attr.value] = None
                    return False
                return True

            def visit_Name(self, node: cst.Name) -> None:
                if node.value == record:
                    bare.append(node)

        for node in [*p.intermediates, p.args["tensors"], *([p.args["keep_input"]] if "keep_input" in p.args else [])]:
            node.visit(_Uses())
        if bare:
            raise Refusal(f"the record `{record}` is used as a whole, not by its fields")
        missing = [a for a in used if a not in h.attrs or h.attrs[a] is None]
        if missing or (h.key_attr is not None and h.key_attr in used):
            raise Refusal(f"`{record}.{(missing or [h.key_attr])[0]}` is not a tensor the helper sets once")
        literal = {a: v for a, v in h.attrs.items() if isinstance(v, (cst.Integer, cst.Float, cst.SimpleString))}
        # every field the helper sets to a value (the same function for every caller), in the order it sets them
        fields = [a for a, v in h.attrs.items() if v is not None and a not in literal and a != h.key_attr]
        if not fields:
            raise Refusal(f"the record `{record}` has no tensor fields")

        class _Fields(cst.CSTTransformer):
            def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
                if isinstance(original.value, cst.Name) and original.value.value == record:
                    if original.attr.value in literal:
                        return literal[original.attr.value]
                    return cst.Subscript(cst.Name(record), [cst.SubscriptElement(cst.Index(
                        cst.SimpleString(f'"{original.attr.value}"')))])
                return updated

        p.originals = list(p.intermediates)
        p.intermediates = [s.visit(_Fields()) for s in p.intermediates]
        p.args = {k: (v.visit(_Fields()) if k in ("tensors", "keep_input") else v) for k, v in p.args.items()}
        ret = cst.Dict([cst.DictElement(cst.SimpleString(f'"{a}"'), cst.Attribute(cst.Name(h.record), cst.Name(a)))
                        for a in fields])
        body = list(h.new_fn.body.body)
        body[-1] = body[-1].with_changes(body=[body[-1].body[0].with_changes(value=ret)])
        h.new_fn = h.new_fn.with_changes(body=h.new_fn.body.with_changes(body=body))

    # -- sources -------------------------------------------------------------------------------------------------
    def _source(self, body, j: int, assign: cst.Assign, defined: list[str]) -> Source | None:
        value = assign.value
        stmt = body[j]
        if self.is_api(value, "py_func", "numpy_function"):
            short = self.api(value).rsplit(".", 1)[-1]
            bound = bind(value, short)
            inp = bound.get("inp")
            if isinstance(inp, (cst.List, cst.Tuple)) and inp.elements:
                return None  # a per-element op on its inputs (it runs in the map function as it ran in the graph)
            if not isinstance(inp, (cst.List, cst.Tuple)):
                raise Refusal(f"the `{short}` inputs are not a literal list; only a zero-input producer becomes a "
                              "generator")
            tout = literal_list(self, stmt, bound.get("Tout")) or bound.get("Tout")
            single = not isinstance(tout, (cst.List, cst.Tuple))
            if single and isinstance(tout, cst.Name) and self.scopes.single_assignment(stmt, tout.value) is None:
                raise Refusal(f"the `{short}` Tout `{tout.value}` is not bound to a list here (a parameter: the calls "
                              "of its function in the tree do not all give it the same list display of dtypes), so "
                              "its outputs are not known; write the dtypes as a list, or give every call the same one")
            if single and (len(defined) != 1 or not isinstance(tout, cst.Attribute)):
                raise Refusal(f"the `{short}` Tout is neither one dtype nor a literal list (or a name bound once "
                              "to one), so its outputs are not known; write the dtypes as a list")
            bound = {**bound, "Tout": tout}
            shaped = shaping_loop(self, body, j, defined[0], len(tout.elements)) if not single and \
                len(defined) == 1 and isinstance(assign.targets[0].target, cst.Name) else None
            if not single and len(defined) == 1 and isinstance(assign.targets[0].target, cst.Name) and \
                    (len(tout.elements) > 1 or shaped is not None):
                # ``tensors = py_func(f, [], [a, b])``: the list of its outputs, one name (as a slice's tuple),
                # their shapes set by a loop over a known list (``pyfunc_shapes.py``; so a list of one, too: its
                # tensor, as legacy's batch of a one-tensor list gave)
                if len(tout.elements) == 1:
                    return Source("py_func", [stmt, shaped[0]], defined, pyfunc=bound, single=False,
                                  one_of_list=True, set_shapes=shaped[1])
                return Source("py_func", [stmt, *([shaped[0]] if shaped else [])], [f"*{defined[0]}"], pyfunc=bound,
                              single=False, set_shapes=shaped[1] if shaped else [])
            if not single and len(defined) != len(tout.elements):
                raise Refusal(f"the `{short}` result is not unpacked into one name per output")
            return Source("py_func", [stmt], defined, pyfunc=bound, single=single)
        picked = _picked_slice(self, value)
        if picked is not None:  # ``path = slice_input_producer([paths, labels])[0]``: one of the slices
            return self._picked_slice_source(stmt, assign, defined, *picked)
        if self.is_api(value, "train.slice_input_producer"):
            bound = bind(value, "train.slice_input_producer")
            listed = bound.get("tensor_list")
            if isinstance(listed, cst.Name) and isinstance(assign.targets[0].target, cst.Name) and \
                    not known_length(self, stmt, listed) and (whole_list(self, stmt, listed, grown=True) or
                                                              _only_subscripted(self, stmt, defined[0]) and
                                                              unpacked_list(self, stmt, listed)):
                # ``sliced = slice_input_producer(tensors)``, ``tensors`` a list of a length known only when the
                # program runs: the slices of its tuple, read only as ``sliced[k]`` (the tuple indexed as legacy
                # indexed its list), or handed whole to the batch (checked in ``pipeline``)
                if _only_subscripted(self, stmt, defined[0]):
                    return Source("slice", [stmt], [f"*{defined[0]}"], call=bound, indexed=True)
                return Source("slice", [stmt], [f"*{defined[0]}"], call=bound, whole=True)
            bound = self._known_tensor_list(stmt, bound)
            tensors = bound.get("tensor_list")
            if isinstance(assign.targets[0].target, cst.Name) and len(tensors.elements) > 1:
                # ``input_queue = slice_input_producer([a, b])``, then ``input_queue[0]``: a tuple of the slices
                return Source("slice", [stmt], [f"*{defined[0]}"], call=bound)
            if isinstance(assign.targets[0].target, cst.Name) and len(tensors.elements) == 1 and \
                    _only_indexed(self, stmt, defined[0]):
                # ``input_queue = slice_input_producer([paths])``, read only as ``input_queue[0]``: a tuple of the
                # one slice (legacy's list of one tensor, passed whole to a batch, gave its tensor: not this form)
                return Source("slice", [stmt], [f"*{defined[0]}"], call=bound)
            if isinstance(assign.targets[0].target, cst.Name) and len(tensors.elements) == 1:
                raise Refusal(f"`{defined[0]}` (the list of the one tensor `slice_input_producer` slices) is used "
                              "whole, not only as `" + defined[0] + "[0]`: legacy's batch of a one-tensor list gave "
                              f"the tensor; not rewritten: unpack it (`{defined[0]}, = ...`) or index it (`[0]`)")
            if len(tensors.elements) != len(defined) or not isinstance(assign.targets[0].target, (cst.Tuple, cst.List)):
                raise Refusal("`slice_input_producer` must be unpacked into one name per tensor, or bound to one name")
            return Source("slice", [stmt], defined, call=bound)
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "read":
            # a method of a class this module defines that happens to be named ``read`` (``x = self.read(queue)``)
            # is that method, not a reader's ``read``: decided by what the object is, not by the name
            inlined = method_source(self, stmt, value, defined)
            if inlined is None:
                refuse_own_method_read(self, stmt, value)  # the class's own ``read()``: no reader's
            return inlined if inlined is not None else self._reader_source(body, j, value, defined)
        up_to = plain_read(value) if isinstance(value, cst.Call) else value  # (by the method's signature)
        if isinstance(up_to, cst.Call) and isinstance(up_to.func, cst.Attribute) and \
                up_to.func.attr.value == "read_up_to" and len(up_to.args) == 2 and up_to.args[1].keyword is None:
            # ``keys, values = reader.read_up_to(queue, n)``: the records n at a time (``enqueue_many`` then takes
            # them apart again: check_flags)
            count = up_to.args[1].value
            source = self._reader_source(body, j, up_to.with_changes(args=[up_to.args[0]]), defined)
            refuse_identity_groups(source)  # (identity.py)
            if source.keyed and source.reader != "WholeFileReader":
                raise Refusal(f"the record keys `{defined[0]}` of `read_up_to` are used; legacy's groups end at "
                              "each file's end, so their keys are not rewritten")
            source.up_to = self.code(count) if self.code is not None else None
            if source.up_to is None:
                raise Refusal("`read_up_to` needs the module's code to write its count")
            return source
        made = pyfunc_helper_source(self, stmt, value, defined) if isinstance(value, cst.Call) else None
        if made is not None:  # ``features, label = loader.example()``: a helper's zero-input py_func
            return made
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            fn = self.scopes.module_function(stmt, value.func.value)
            if fn is not None and returned_queue(fn) is not None:  # k readers' queue in a helper
                return self._prefetch_helper_source(stmt, fn, value, assign, defined)
            if fn is not None and _reads(fn):
                return self._helper_source(stmt, fn, value, assign, defined)
            nested = self.scopes.local_function(stmt, value.func.value) if fn is None else None
            if nested is not None and _reads(nested):  # a ``def`` in the same function (nested_helpers.py)
                return self._helper_source(stmt, nested, value, assign, defined)
            made = dequeue_helper_source(self, stmt, fn, value, assign, defined) \
                if fn is not None and dequeues_a_parameter(fn) else None
            if made is not None:  # a helper dequeuing the file names it is given (dequeue_names.py)
                return made
        inlined = method_source(self, stmt, value, defined) if isinstance(value, cst.Call) else None
        if inlined is not None:  # ``self._decode(queue)``, ``decoder.read(queue)``: a reader method
            return inlined
        if isinstance(value, cst.Call) and self.external is not None:
            found = self.external(value.func)  # a helper defined in another module of the migrated tree
            if found is not None and returned_queue(found[0]) is not None:  # (it stays there until unused)
                return self._prefetch_helper_source(stmt, found[0], value, assign, defined, found[1])
            if found is not None and _reads(found[0]):
                return self._helper_source(stmt, found[0], value, assign, defined, found[1])
            made = dequeue_helper_source(self, stmt, found[0], value, assign, defined, found[1]) \
                if found is not None and dequeues_a_parameter(found[0]) else None
            if made is not None:
                return made
        dataset = self._iterated_dataset(stmt, value)  # ``make_one_shot_iterator(ds).get_next()`` fed to a batch
        if dataset is not None:
            if not isinstance(assign.targets[0].target, (cst.Name, cst.Tuple, cst.List)):
                raise Refusal("the iterator's element is not assigned to names")
            return Source("dataset", dataset[1], defined, call={"dataset": dataset[0]})
        produced = tensor_producer(self, stmt, value)  # ``input_producer(t).dequeue()``, ``range_input_producer``
        if produced is not None:
            return produced.source(stmt, assign, defined)
        named = dequeued_names(self, stmt, assign, defined)  # ``filename_queue.dequeue()`` (dequeue_names.py)
        if named is not None:
            return named
        named = tuple_producer_source(self, stmt, assign, defined)  # ``a, b = helper()``: ``a.dequeue()``
        if named is not None:
            return named
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == \
                "dequeue" and not value.args and isinstance(value.func.value, cst.Name):
            return self._prefetch_source(stmt, value.func.value.value, assign, defined)
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
                value.func.attr.value in ("read_up_to", "dequeue", "dequeue_many", "dequeue_up_to"):
            raise Refusal(f"`{value.func.attr.value}` on a queue or reader is not a pattern the rewrite knows")
        return None

    def _picked_slice_source(self, stmt, assign: cst.Assign, defined: list[str], call: cst.Call, index: int
                             ) -> Source:
        """``x = slice_input_producer([a, b, ...])[k]``: a slice source whose k-th component is ``x``; the other
        components (sliced as legacy sliced them: their first dimensions agree) are parameters nothing uses."""
        bound = self._known_tensor_list(stmt, bind(call, "train.slice_input_producer"))
        tensors = bound.get("tensor_list")
        if any(isinstance(el, cst.StarredElement) for el in tensors.elements):
            raise Refusal("`slice_input_producer` must take a literal list of tensors")
        n = len(tensors.elements)
        if not -n <= index < n:
            raise Refusal(f"`slice_input_producer(...)[{index}]` indexes past its {n} tensor(s)")
        if not isinstance(assign.targets[0].target, cst.Name):
            raise Refusal(f"`slice_input_producer(...)[{index}]` gives one tensor; it must be assigned to one name")
        taken = set(self.refs) | set(defined)
        params: list[str] = []
        for i in range(n):
            if i == index % n:
                params.append(defined[0])
                continue
            params.append(free_name(f"_unused_slice_{i}", taken))
        return Source("slice", [stmt], params, call=bound)

    def _known_tensor_list(self, stmt, bound: dict) -> dict:
        """``bound`` with its ``tensor_list`` a display: itself, or ``[name[0], ..., name[k-1]]`` for a name whose
        length ``k`` is known by dataflow (``tensors = [paths] + [labels[t] for t in TASKS]``, bound once before
        the producer: ``literal_lists.known_length``); the tensors legacy sliced, read where it read them."""
        tensors = bound.get("tensor_list")
        if isinstance(tensors, (cst.List, cst.Tuple)):
            return bound
        shown = cst.Module([]).code_for_node(tensors).strip() if tensors is not None else "?"
        if not isinstance(tensors, cst.Name):
            raise Refusal(f"`slice_input_producer` must take a literal list of tensors, or a name bound once to a "
                          f"list whose length is known; `{shown}` is neither (bind it to a name first)")
        n = known_length(self, stmt, tensors)
        if not n:
            raise Refusal(f"`slice_input_producer` must take a literal list of tensors; `{shown}` is a list whose "
                          "length is not known before the program runs (a name bound once to a list display, a "
                          "sum of them, or a comprehension over one or over `range(k)` would be; so would one "
                          "grown by `append` / `extend` only before the producer, in its function, and sliced into "
                          "one name read only as `name[k]`; so would any list bound once in the function, changed "
                          "and handed to no other call, its slices read only as `name[k]`)")
        return {**bound, "tensor_list": cst.List([cst.Element(cst.Subscript(tensors, [cst.SubscriptElement(
            cst.Index(cst.Integer(str(i))))])) for i in range(n)])}

    def _iterated_dataset(self, stmt, value) -> tuple[cst.BaseExpression, list[cst.SimpleStatementLine]] | None:
        """(the dataset, the statements that go) for ``it.get_next()`` of a one-shot iterator made once (or
        inline) by ``tf.data.make_one_shot_iterator(ds)`` or ``ds.make_one_shot_iterator()``: a half-migrated
        pipeline whose elements a legacy batch takes (``list(it.get_next())`` too: a queue's whole dequeue made a
        list again, ``whole_lists.dequeued``)."""
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "list" and \
                len(value.args) == 1 and not value.args[0].star and value.args[0].keyword is None:
            value = value.args[0].value
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                and value.func.attr.value == "get_next" and not value.args):
            return None
        it, statements = value.func.value, [stmt]
        if isinstance(it, cst.Name):
            made = self.scopes.single_assignment(stmt, it.value)
            if made is None:
                return None
            it, statements = made.body[0].value, [made, stmt]
        if not isinstance(it, cst.Call):
            return None
        if (self.api(it) or "").endswith("data.make_one_shot_iterator") and len(it.args) == 1 \
                and it.args[0].keyword is None:
            return it.args[0].value, statements
        if isinstance(it.func, cst.Attribute) and it.func.attr.value == "make_one_shot_iterator" and not it.args:
            return it.func.value, statements
        return None

    def _reader_source(self, body, j: int, read: cst.Call, defined: list[str]) -> Source:
        stmt = body[j]
        read = plain_read(read)  # (``read(queue=q, name="r")``: bound by the method's signature)
        refuse_held_object_read(self, stmt, read)  # (``self._reader.read()`` of an object of this program)
        if len(defined) != 2 or len(read.args) != 1 or read.args[0].keyword is not None:
            raise Refusal("a reader's `read` must be called as `key, value = reader.read(filename_queue)`")
        statements: list[cst.SimpleStatementLine] = []
        reader_expr = read.func.value
        if isinstance(reader_expr, cst.Name):
            reader_stmt = self.scopes.single_assignment(stmt, reader_expr.value)
            if reader_stmt is None:
                raise Refusal(reader_chosen_by_branches(self, stmt, reader_expr.value) or
                              f"the reader `{reader_expr.value}` is not made by one assignment before its read")
            statements.append(reader_stmt)
            reader_expr = reader_stmt.body[0].value
        factory = factory_reader(self, stmt, reader_expr, READERS)  # ``dataset.reader()`` (reader_factory.py)
        if factory is not None:
            reader_expr = factory[0]
        reader = self.is_api(reader_expr, *PLAIN_READERS)
        aliased = class_alias(self, statements[0] if statements else stmt, reader_expr, READERS)
        if reader is None and aliased is not None:  # ``reader = reader_cls(...)``, ``reader_cls = tf.TFRecordReader``
            reader, alias_stmt = aliased
            statements.insert(0, alias_stmt)
        if reader is None:  # (a function choosing among readers: reader_choice.py)
            raise Refusal(unresolved_reader(self, stmt, reader_expr, READERS) or attribute_reader(reader_expr) or
                          parameter_reader(self, stmt, reader_expr) or
                          chosen_reader(self, statements[-1] if statements else stmt, reader_expr) or
                          (reader_chosen_by_branches(self, stmt, reader_expr.func.value) if isinstance(
                              reader_expr, cst.Call) and isinstance(reader_expr.func, cst.Name) else None) or
                          f"the reader read here is not one of {', '.join(sorted(READERS))}")
        news: dict = {}
        queue_args, queue_stmts = self._file_queue(stmt, read.args[0].value, body, news)
        statements[:0] = queue_stmts
        key, value = defined
        params = [value]
        keyed = key != "_" and (reader in ("WholeFileReader", "IdentityReader") or
                                bool(self.scopes.readers_of(stmt, key)))
        if keyed:  # made again per file, in legacy's format (record_keys.py)
            if reader not in KEYED_READERS:
                raise Refusal(f"the record key `{key}` is used; the rewrite knows no key format of {reader}")
            params = [key, value]
        statements[:0] = options_statement(self.scopes, stmt, reader_expr, reader, body)  # (compression.py)
        return Source("reader", [*statements, stmt], params, call=queue_args, reader=reader,
                      reader_args=reader_options(self, reader_expr, reader, bind_reader(self, reader_expr, reader), code=self.code),
                      keyed=keyed,
                      removes=[factory[1]] if factory is not None and factory[1] is not None else [],
                      news={k: v for k, v in news.items() if k not in ("accepted", "passed")},
                      accepted=news.get("accepted", []), passed=news.get("passed"))

    def _file_queue(self, at: cst.CSTNode, queue: cst.BaseExpression, block: list[cst.BaseStatement] | None = None,
                    news: dict | None = None) -> tuple[dict[str, cst.BaseExpression], list[cst.SimpleStatementLine]]:
        """The bound arguments of the ``string_input_producer`` that ``queue`` names (or is), and its statements
        (a hand-built filename queue's, ``filename_queue.py``: the queue, its ops and its runner). ``news``: where
        the caller takes them, the statements the queue's rewrite changes (and, under ``"accepted"``, what it
        states); elsewhere a queue that needs such is refused."""
        stmt = None
        read_arg = queue
        if isinstance(queue, cst.Name):
            stmt = self.scopes.single_assignment(at, queue.value)
            if stmt is None:
                passed = passed_file_queue(self, at, queue.value, queue)  # a parameter (passed_queue.py)
                if passed is not None:
                    if news is None:
                        raise Refusal(f"the file queue `{queue.value}` is a parameter; it is followed to its "
                                      "callers only for a reader read where the batch is")
                    news["passed"] = passed
                    return {}, []
                raise Refusal(f"the file queue `{queue.value}` is not made by one assignment before its read")
            queue = stmt.body[0].value
            hand = None
            if self.is_api(queue, "FIFOQueue", "RandomShuffleQueue"):  # a hand-built filename queue: in its scope
                node = getattr(self.scopes.scope(stmt), "node", None)
                where = [node] if node is not None else (block or [])
                hand = handbuilt_file_queue(self, stmt, read_arg,
                                            [n for w in where for n in nodes_of(w, cst.SimpleStatementLine)])
            if hand is not None:
                if not is_none(hand.shared_name):
                    raise Refusal(f"the file queue has shared_name={self.code(hand.shared_name)}: shared with other "
                                  "sessions; not rewritten")
                if hand.news or hand.accepted:
                    if news is None:
                        raise Refusal("the hand-built file queue's runner is started by `create_threads` or "
                                      "shuffles its names, which the rewrite follows only for a reader read where "
                                      "the batch is")
                    news.update(hand.news)
                    news["accepted"] = hand.accepted
                return hand.args, hand.removed
            made = helper_file_queue(self, stmt, queue)  # ``queue = file_queue(files)`` (queue_helpers.py)
            if made is not None:
                return made[0], [stmt, *made[1]]
            # (a helper computing the names first, then returning its producer: changed there, queue_helpers.py)
            passed = returned_producer(self, at, stmt, read_arg) if isinstance(read_arg, cst.Name) else None
            if passed is not None:
                if news is None:
                    raise Refusal(f"the file queue `{read_arg.value}` is returned by a helper computing its names; "
                                  "it is followed only for a reader read where the batch is")
                news["passed"] = passed
                return {}, []
        if self.is_api(queue, "train.input_producer"):  # a reader's names: what string_input_producer gives
            return names_producer(queue, self.code), [stmt] if stmt is not None else []
        if not self.is_api(queue, "train.string_input_producer"):
            raise Refusal("the queue read is not made by `string_input_producer` (nor is it a hand-built filename "
                          "queue)")
        return shared_file_queue(bind(queue, "train.string_input_producer"), self.code), \
            [stmt] if stmt is not None else []

    def _prefetch_source(self, stmt, qname: str, assign: cst.Assign, defined: list[str]) -> Source:
        queue_stmt = self.scopes.single_assignment(stmt, qname)
        scope_node = _enclosing_body(self.scopes, stmt)
        if queue_stmt is None:  # (a queue chosen by an ``if``: handbuilt.py)
            queue_stmt = chosen_queue(self, stmt, qname, scope_node)
        if queue_stmt is None:
            raise Refusal(f"the queue `{qname}` is not made by one assignment before its dequeue")
        plan = prefetch_source(self, queue_stmt, qname, stmt, scope_node)
        defined = self._dequeued(plan, stmt, assign, defined)
        kind = self.is_api(plan.reader, *READERS)
        queue_args, file_stmts = self._file_queue(stmt, plan.read.args[0].value)
        statements = [*file_stmts, stmt]
        source = Source("reader", statements, defined, call=queue_args, reader=kind,
                        reader_args=reader_options(self, plan.reader, kind, bind_reader(self, plan.reader, kind), code=self.code),
                        prefetch=plan, news=dict(plan.news))
        return source

    def _prefetch_helper_source(self, stmt, fn: cst.FunctionDef, call: cst.Call, assign: cst.Assign,
                                defined: list[str], home: Finder | None = None) -> Source:
        """``_, value = parallel_read(files, ...)``: k readers' queue made and dequeued in ``fn``
        (``prefetch_helper.py``); the helper goes with the pipeline (one of another module, ``home``'s, goes from
        there once no module names it: ``foreign_queue.drop_unused``)."""
        plan, queue_args, kind, reader_args = helper_prefetch(home or self, fn, call, READERS,
                                                              site=(self, stmt) if home is not None else None)
        defined = self._dequeued(plan, stmt, assign, defined)
        elsewhere = getattr(self.external, "uses_elsewhere", None)  # (another module of the tree imports it: it
        kept = home is not None or elsewhere is not None and elsewhere(fn.name.value)  # goes once unused there)
        return Source("reader", [stmt], defined, call=queue_args, reader=kind, reader_args=reader_args,
                      prefetch=plan, removes=[] if kept else [fn])

    def _dequeued(self, plan: Prefetch, stmt, assign: cst.Assign, defined: list[str]) -> list[str]:
        """The names the dequeue of ``plan``'s queue binds that the elements fill: one per enqueued tensor, an
        enqueued record key left out where it goes unread."""
        n = len(plan.enqueued.elements) if isinstance(plan.enqueued, (cst.List, cst.Tuple)) else 1
        if n > 1 and (len(defined) != n or not isinstance(assign.targets[0].target, (cst.Tuple, cst.List))):
            raise Refusal(f"the dequeue of {n} tensors is not unpacked into one name each")
        if plan.key_at is not None:  # the key enqueued: its dequeued component must go unread, and goes
            target = defined[plan.key_at] if len(defined) == n else None
            if target is None or target != "_" and self.scopes.readers_of(stmt, target):
                raise Refusal("the record key (file:record) is enqueued and used after the dequeue; tf.data readers "
                              "do not make it")
            defined = [d for i, d in enumerate(defined) if i != plan.key_at]
            kept = [el for i, el in enumerate(plan.enqueued.elements) if i != plan.key_at]
            plan.enqueued = plan.enqueued.with_changes(elements=kept)
        elif plan.key != "_" and self.scopes.readers_of(plan.loop_stmts[-1], plan.key):
            raise Refusal(f"the record key `{plan.key}` (file:record) is used; tf.data readers do not make it")
        return defined

    def _helper_source(self, stmt, fn: cst.FunctionDef, call: cst.Call, assign: cst.Assign,
                       defined: list[str], home: Finder | None = None) -> Source:
        """``home``: the Finder of the module that defines ``fn``, when it is another module."""
        helper = reader_helper(home or self, (home or self).scopes, fn, call, self.code, self)
        if home is not None:
            helper.external = True
            if isinstance(call.func, cst.Attribute):  # called through its module, which the map keeps
                helper.module_ref = cst.Module([]).code_for_node(call.func.value)
            elif isinstance(call.func, cst.Name):  # imported by name, maybe under another (``as read_one``)
                helper.called_as = call.func.value
            call_names = set().union(*(names_in(a.value) for a in call.args)) if call.args else set()
            # names of its own module: reached through the module (``module_names.py``)
            here = (self.scopes, stmt)
            # (imported by name: its module's names as literals or imported beside it, ``module_names.py``)
            named = by_name(self, home, fn, helper.called_as) if helper.called_as is not None else None
            helper.reader_args = through_module(helper.reader_args, call_names, home.scopes, fn, helper.module_ref,
                                                here, named)
            if helper.up_to is not None:  # (the count, as the call site can write it)
                helper.up_to = through_module({"n": helper.up_to}, call_names, home.scopes, fn, helper.module_ref,
                                              here, named)["n"]
            if helper.queue_args is not None:
                helper.queue_args = through_module(helper.queue_args, call_names, home.scopes, fn,
                                                   helper.module_ref, here, named)
        if helper.queue_args is not None:  # the helper made its own file queue
            queue_args, queue_stmts = helper.queue_args, []
        else:
            news: dict = {}
            queue_args, queue_stmts = self._file_queue(stmt, helper.queue, None, news)
            if set(news) - {"passed"}:
                raise Refusal("the hand-built file queue's runner is started by `create_threads` or shuffles its "
                              "names, which the rewrite follows only for a reader read where the batch is")
        returned = _return_value(helper.new_fn)
        listed = returned_elements(helper.new_fn)  # (a literal list or tuple, or one built by ``append``)
        kept = assign.targets[0].target
        if listed is not None and isinstance(kept, cst.Name):
            # tf.data hands a list's tensors to the next function one argument each: the forms
            # ``returned_lists.py`` names first were not all the caller reads it by
            raise Refusal(f"`{fn.name.value}` returns a list of {len(listed)} tensors that its caller keeps as "
                          f"`{kept.value}` and reads other than as a batch's whole tensor list, by a literal index "
                          f"(`{kept.value}[0]`) or unpacked; unpack it into one name per tensor")
        if isinstance(returned, (cst.Tuple, cst.List)):
            if not isinstance(assign.targets[0].target, (cst.Tuple, cst.List)) or \
                    len(returned.elements) != len(defined):
                raise Refusal(f"`{fn.name.value}` returns {len(returned.elements)} tensors; the rewrite needs them "
                              "unpacked into one name each")
        elif isinstance(assign.targets[0].target, (cst.Tuple, cst.List)) and \
                (listed is None or len(listed) != len(defined)) and \
                returned_count((home or self).scopes, fn) != len(defined):  # (or a call's: returned_calls.py)
            raise Refusal(f"`{fn.name.value}` returns one value that its caller unpacks (`return "
                          f"{cst.Module([]).code_for_node(returned).strip()}`, into {len(defined)} names); the "
                          "rewrite follows a return of a "
                          "literal tuple or list, of a name bound once to one there (a list grown only by "
                          "`append`) and read nowhere else, or of a call of a module function that returns one")
        statements = [*queue_stmts, stmt]
        source = Source("reader", statements, defined, call=queue_args, reader=helper.reader,
                        reader_args=helper.reader_args, helper=helper,
                        setup=place_setup(self, stmt, helper.setup, home is not None, fn.name.value),
                        passed=news.get("passed") if helper.queue_args is None else None)
        if helper.up_to is not None:  # ``read_up_to(queue, n)`` in the helper: the records n at a time
            refuse_identity_groups(source)  # (identity.py)
            source.up_to = self.code(helper.up_to) if self.code is not None else None
            if source.up_to is None:
                raise Refusal("`read_up_to` needs the module's code to write its count")
        return source

    # -- the names moved into the map function must be used nowhere else -----------------------------------------
    def _check_private(self, p: Pipeline, ends: cst.BaseStatement, static: tuple[cst.CSTNode, ...] = ()) -> None:
        moved = [*p.source.statements, *(p.source.prefetch.removed if p.source.prefetch else ()), *p.intermediates]
        # (``x.dtype`` in a removed queue's ``dtypes=``: graph-building metadata, no value read after the rewrite)
        inside: set[int] = {id(r) for node in static for r in nodes_of(node, cst.Name) if static_read(node, r)}
        # (a read in what the rewrite removes, such as an inlined reader method's reader line, is no use outside)
        for node in [*moved, *p.source.removes, *source_news(p.source), p.batch_stmt.body[0].value]:  # type: ignore[union-attr]
            inside |= _name_ids(node)
        for stage in p.stages:  # a queue stage's call goes (``queue_stages.py``): its reads are the pipeline's
            for node in stage.removes:
                inside |= _name_ids(node.body if isinstance(node, cst.If) else node)
        for stmt in moved:
            a = _assign(stmt)
            if isinstance(stmt, cst.For) and isinstance(stmt.target, cst.Name):  # a set_shape loop's variable
                names = {stmt.target.value}
            elif a is not None:
                names = set(target_names(a.targets[0].target) or ())
            elif bound_by(stmt):  # an ``if`` choosing names (``branch_names.py``)
                names = bound_by(stmt) or set()
            else:
                continue
            for name in sorted(names - {"_"}):
                for ref in self.scopes.readers_of(stmt, name):
                    if id(ref) in inside or other_branch(self.scopes, stmt, ref) or id(ref) in self.other_arms or \
                            rebinds(ends, name) and read_after(self.scopes, ends, ref, stmt) or \
                            another_binding(self.scopes, stmt, ref, name):
                        continue  # (another branch's read, one after a batch that rebinds the name: rebound.py;
                        # or one that reads another binding of the name, before or after: bindings.py)
                    counted = reader_count(self, ref, p) if p.source.reader and _assign(stmt) is not None and \
                        self.is_api(_assign(stmt).value, *READERS) else None
                    if counted is not None:  # the reader's count, asked after the end of data
                        count_stmt, count_name, method = counted
                        p.source.removes.append(count_stmt)
                        p.source.counts.append((count_name, method))
                        inside |= _name_ids(count_stmt)
                    elif drop_file_queue_size(self, stmt, ref, p):  # a summary of its size (file_queue_size.py)
                        inside |= {i for r in p.source.removes for i in _name_ids(r)}
                    elif drop_record_summary(self, stmt, ref, p):  # a per-record summary (record_summaries.py)
                        inside |= {i for r in p.source.removes for i in _name_ids(r)}
                    elif any(m is stmt for m in p.intermediates) and read_after(self.scopes, ends, ref, stmt) and \
                            traced_value(self, stmt, p.intermediates):
                        if name not in p.traced:  # kept from the element function's trace (traced_names.py)
                            p.traced.append(name)
                    elif any(m is stmt for m in p.source.statements) and name in p.source.params and \
                            read_after(self.scopes, ends, ref, stmt) and structure_keys_read(self.scopes, stmt, ref):
                        if name not in p.traced:  # an element's dict, its keys read after the batch (the same)
                            p.traced.append(name)
                    elif any(m is stmt for m in p.source.statements) and name in p.source.params and \
                            read_after(self.scopes, ends, ref, stmt) and \
                            static_entry_read(self, p.source.helper, stmt, ref) is not None:
                        key = static_entry_read(self, p.source.helper, stmt, ref)  # (a helper dict's Python value)
                        if key not in p.entries.setdefault(name, []):
                            p.entries[name].append(key)
                    else:
                        at = self.scopes.positions.get(ref)
                        where = f" (line {at.start.line})" if at is not None else ""
                        held = control_holder(self.scopes, stmt, ref)
                        if held is not None:
                            raise Refusal(f"`{name}` is read by `{held[0]}`{where}, which `with {held[1]}:` takes: "
                                          "only a `with tf.control_dependencies([...]):` block of plain "
                                          "assignments moves into the map function whole (`control_blocks.py`); "
                                          "this one would lose its dependencies; not rewritten: write it so, or "
                                          "keep the queues (`migrate --to compat`)")
                        raise Refusal(f"`{name}` is also used outside the pipeline{where}, so its statements cannot "
                                      "move into a tf.data function")


_QUEUE_READS = frozenset({"dequeue", "dequeue_many", "dequeue_up_to", "read", "read_up_to", "get_next"})


def names_producer(call: cst.Call, code=None) -> dict[str, cst.BaseExpression]:
    """``input_producer(names, ...)`` read by a reader, bound as ``string_input_producer``'s arguments: a reader
    dequeues one file name (a string scalar) per file from it, so it holds a vector of names, which is what
    ``string_input_producer`` makes its queue of (it calls ``input_producer``; its ``summary_name`` names the
    fill-level summary, which the rewrite drops as it drops string_input_producer's)."""
    bound = bind(call, "train.input_producer")
    shape = bound.pop("element_shape", None)
    if not is_none(shape) and not (isinstance(shape, (cst.List, cst.Tuple)) and not shape.elements):
        shown = code(shape) if code is not None else "..."
        raise Refusal(f"the reader reads an `input_producer` with element_shape={shown}: a reader dequeues one file "
                      "name, a scalar; not rewritten")
    bound.pop("summary_name", None)
    shared_file_queue(bound, code)
    if "input_tensor" not in bound:
        raise Refusal("`input_producer` is called without its tensor")
    return {"string_tensor": bound.pop("input_tensor"), **bound}


def shared_file_queue(bound: dict[str, cst.BaseExpression], code=None) -> dict[str, cst.BaseExpression]:
    """A reader's file queue with a ``shared_name`` (or a ``cancel_op``) is refused, as ``own_queue.py`` refuses
    it: another session of the same server may dequeue its names, which a dataset's file names cannot show (unlike
    a function feeder's queue, ``shared_names.py``, nothing here proves no other session reaches it)."""
    for bad in ("shared_name", "cancel_op"):
        if not is_none(bound.get(bad)):
            shown = code(bound[bad]) if code is not None else "..."
            raise Refusal(f"the file queue has {bad}=: shared with other sessions or closed by an op "
                          f"(`{bad}={shown}`); not rewritten")
    return bound


def made_in_helper(finder: Finder, call: cst.Call, depth: int = 3) -> str | None:
    """``call`` calls a function of the module (``f(...)``, or ``x.f(...)`` a method of one of its classes) or one
    another module gives (``finder.external``) whose body makes a legacy producer or reader, or reads a queue
    (``dequeue()``): ``"`API` (made in `f`)"``; else None. Moved into a map function, that helper would make
    the queue there (or read it apart from the batch's other tensors), where legacy read it in step."""
    func = call.func
    name = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else None
    if name is None or depth == 0:
        return None
    fns: list[tuple[cst.FunctionDef, Finder]] = []
    if finder.module is not None:
        fns = [(fn, finder) for fn in nodes_of(finder.module, cst.FunctionDef) if fn.name.value == name and
               (isinstance(func, cst.Name) or isinstance(func.value, cst.Name) and func.value.value == "self")]
    if not fns and finder.external is not None and isinstance(func, cst.Name):
        try:
            found = finder.external(func)
        except Refusal:
            found = None
        if found is not None:
            fns = [found]
    for fn, where in fns:
        if _own_source_reader(fn, where):
            continue  # (a reader helper making its own file queue: a source of its own, read in step, zipped)
        for c in nodes_of(fn.body, cst.Call):
            if isinstance(c.func, cst.Attribute) and c.func.attr.value in ("dequeue", "dequeue_many", "dequeue_up_to"):
                return f"`{c.func.attr.value}()` (in `{name}`)"
            made = where.is_api(c, "train.string_input_producer", "train.input_producer", "train.range_input_producer",
                                "train.slice_input_producer", *READERS)
            if made is None and c is not call:
                made = made_in_helper(where, c, depth - 1)
            if made is not None:
                return made if "(in `" in made else f"{made if '`' in made else f'`{made}`'} (in `{name}`)"
    return None


def _own_source_reader(fn: cst.FunctionDef, finder: Finder) -> bool:
    """``fn`` makes a file producer and a reader and reads it (``read`` / ``read_up_to``), and dequeues nothing
    itself: each call of it is a whole source of its own (``read_pair(path)``), which the in-step reads take as one
    (``in_step.py``), not a queue read moved into another source's map function."""
    calls = nodes_of(fn.body, cst.Call)
    if any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("dequeue", "dequeue_many", "dequeue_up_to")
           for c in calls):
        return False
    made = {finder.is_api(c, "train.string_input_producer", *READERS) for c in calls} - {None}
    return "string_input_producer" in made and len(made) > 1 and any(
        isinstance(c.func, cst.Attribute) and c.func.attr.value in ("read", "read_up_to") for c in calls)


def _refuse_a_second_source(before: list[cst.BaseStatement], between: list[cst.BaseStatement], free: set[str],
                            api: str, legacy: Callable[[cst.BaseExpression], str | None]) -> None:
    """The batch's tensors may use values made before its source (constants, Python values); not the read of
    another queue or reader (``x = producer_x.dequeue()`` batched with ``y`` of ``producer_y``): moved into the
    source's map function that read would be captured by value, which tf.data refuses (``Cannot capture a
    stateful node``), and legacy read the two queues in step, a zip of two pipelines. ``between``: the
    statements between the source and the batch; ``legacy(call)``: the legacy API a call makes, or None."""

    def other_read(value: cst.BaseExpression) -> str | None:
        for c in nodes_of(value, cst.Call):
            if isinstance(c.func, cst.Attribute) and c.func.attr.value in _QUEUE_READS:
                if c.func.attr.value in ("read", "read_up_to") and not c.args:
                    continue  # (a reader's read takes its queue: ``f.read()`` is a Python file's, a value)
                return f"`{c.func.attr.value}()`"
            made = legacy(c)
            if made is not None:
                return made if "`" in made else f"`{made}`"  # (a helper's: ``made_in_helper`` quotes its own)
        return None

    for stmt in between:
        a = _assign(stmt)
        made = other_read(a.value) if a is not None else None
        if made is not None:
            raise Refusal(f"the tensors of this `{api}` also come from another queue's {made}: two sources read "
                          "in step (a zip of two pipelines) are not rewritten yet")
    for stmt in reversed(before):
        a = _assign(stmt)
        if a is None:
            continue
        defined = set(target_names(a.targets[0].target) or ())
        if not free & defined:
            continue
        made = other_read(a.value)
        if made is not None:
            raise Refusal(f"the tensors of this `{api}` also come from `{sorted(free & defined)[0]}`, another "
                          f"queue's {made}: two sources read in step (a zip of two pipelines) are not rewritten yet")
        free |= names_in(a.value)


def _refuse_a_fed_batch_size(finder: Finder, before: list[cst.BaseStatement], args: dict[str, cst.BaseExpression],
                             api: str) -> None:
    """A ``batch_size`` that is a placeholder (made in the call or bound to one earlier in the block) is fed at
    each run, and legacy's ``dequeue_many`` took that many each time; a tf.data batch's size is fixed when
    its iterator is made, and a one-shot iterator cannot capture a placeholder: refused."""
    size = args.get("batch_size")
    if isinstance(size, cst.Name):
        for stmt in reversed(before):
            a = _assign(stmt)
            if a is not None and size.value in (target_names(a.targets[0].target) or ()):
                size = a.value if isinstance(a.targets[0].target, cst.Name) else None
                break
    if finder.is_api(size, "placeholder", "placeholder_with_default"):
        raise Refusal(f"`{api}`'s batch_size is a placeholder fed at each run (legacy's queue dequeued that many "
                      "per run); a tf.data batch's size is fixed when its iterator is made: pass an int, or keep "
                      "the queue (`migrate --to compat`)")


def check_flags(p: Pipeline) -> None:
    """Arguments that have no tf.data meaning the rewrite can prove: refused."""
    args = p.args
    many = literal_bool(args.get("enqueue_many"), False, "enqueue_many")
    # over a reader, each enqueued tensor must be rows that per-element ops made of one record (``hr, lr =
    # patches(image)``: one record's rows, unbatched as legacy's enqueue_many split them); a record as read is
    # no batch of records, and several readers' rows would interleave as no one schedule of legacy's could
    made_rows = p.source.kind == "reader" and bool([m for m in p.intermediates if not any(m is c for c in p.carried)]
                                                   or p.source.helper is not None)
    if many and p.source.up_to is None:
        if p.readers:
            raise Refusal(f"enqueue_many=True over {p.readers} readers joined: each reader's rows would interleave "
                          "with the others' as no one schedule of legacy's threads could; not rewritten")
        if p.source.kind == "reader" and not made_rows:
            raise Refusal("enqueue_many=True over a reader's records as read: each record is one string, no batch "
                          "of rows to take apart (make the rows from it first, or read with `read_up_to`); not "
                          "rewritten")
        # a producer's element (a file name, a slice, a row), a dataset's, or a py_func's value: each tensor is
        # the rows the per-element code made of it, taken apart by an ``unbatch`` after the map, as enqueue_many
        # took them apart in the queue (what the rows are is the program's own code, moved as it is)
        if p.source.kind not in ("py_func", "reader", "slice", "range", "dataset"):
            what = {"zip": "sources read in step", "choose": "a join's lists"}.get(p.source.kind, p.source.kind)
            raise Refusal(f"enqueue_many=True over {what}: which rows meet which in a batch is not one the rewrite "
                          "can prove; not rewritten")
    if p.source.up_to is not None and not many and p.readers is None and p.source.prefetch is None and \
            p.source.helper is None:
        # one reader's groups, each one element, batched per file inside its interleave (``generate.py``): only
        # where the element is no longer the window (``window_shapes.py``)
        from tfdata_bridge._src.migrate.window_shapes import refuse_window_batches

        refuse_window_batches(p)
    elif p.source.up_to is not None and not many:
        raise Refusal("`read_up_to` batches without enqueue_many=True: legacy's groups end at each file's end, a "
                      "tf.data batch does not; not rewritten")
    for name in ("shared_name",):
        if not is_none(args.get(name)):
            raise Refusal(f"{name}= shares the queue between sessions; tf.data has no equivalent")
    # shapes= where the element comes from graph ops: set in the element function (queue_shapes.py)


def _reads(fn: cst.FunctionDef) -> bool:
    """The function calls some ``x.read(...)`` or ``x.read_up_to(...)``: a reader helper candidate."""
    found = []

    class _V(Visitor):
        def visit_Call(self, n: cst.Call) -> None:
            if isinstance(n.func, cst.Attribute) and n.func.attr.value in ("read", "read_up_to"):
                found.append(n)

    fn.visit(_V())
    return bool(found)


def _return_value(fn: cst.FunctionDef) -> cst.BaseExpression:
    return fn.body.body[-1].body[0].value  # reader_helper checked it ends with its one return


def _flatten(stmts: list[cst.BaseStatement], keep_control: bool = False) -> list[cst.BaseStatement]:
    """The statements in order, those inside ``with`` blocks in their place (``with tf.name_scope(...):``);
    ``keep_control``: a ``with tf.control_dependencies(...):`` block kept as one statement (``control_blocks``)."""
    out: list[cst.BaseStatement] = []
    for stmt in stmts:
        if keep_control and control_block(stmt):
            out.append(stmt)
        elif isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock):
            out += _flatten(list(stmt.body.body), keep_control)
        else:
            out.append(stmt)
    return out


def _enclosing_body(scopes: Scopes, stmt: cst.CSTNode) -> cst.CSTNode:
    """The function (or module) whose scope holds ``stmt``."""
    scope = scopes.scope(stmt)
    node = getattr(scope, "node", None)
    if node is None:
        raise Refusal("the dequeue is in no function or module the rewrite can read")
    return node
