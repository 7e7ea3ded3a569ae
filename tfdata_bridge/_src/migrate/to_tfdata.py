"""``rewrite(source, to="tfdata")``: each recognised queue pipeline becomes a tf.data chain.

The batch call's targets get ``tf.compat.v1.data.make_one_shot_iterator(dataset).get_next()``, so the
session loop stays (a one-shot iterator ends with ``OutOfRangeError`` as the queue did). The statements of
the pipeline (producer, reader, read, the ops between) move into the generated code. A pipeline that
cannot be rewritten with the same meaning is left untouched and reported, with the reason. Queue-runner
plumbing is then removed where nothing else uses it (``plumbing``).
"""

from __future__ import annotations

import re
from dataclasses import replace

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import PositionProvider, QualifiedNameProvider, QualifiedNameSource, ScopeProvider

from tfdata_bridge._src.migrate.enqueue_loops import join_enqueue_loops
from tfdata_bridge._src.migrate.shared_turns import replicate_alike_turns
from tfdata_bridge._src.migrate.fed_file_queue import feed_file_queues
from tfdata_bridge._src.migrate.hand_producers import hand_queue_forms
from tfdata_bridge._src.migrate.builder_inline import with_imports
from tfdata_bridge._src.migrate.batch_helper import batch_helper, batches_its_parameters, enqueues_many, \
    instance_helper, method_helper, rewrite_call, rewrite_helper, site_pipeline
from tfdata_bridge._src.migrate.branch_batch import branch_batch_reason, closure_batch_reason
from tfdata_bridge._src.migrate.raise_arms import guarded_block, raise_arm_reason
from tfdata_bridge._src.migrate.separated_source import separated_reason
from tfdata_bridge._src.migrate.branch_joins import element_join, helper_calls
from tfdata_bridge._src.migrate.calls import (Refusal, dotted, import_rooted, imported_roots, is_docstring,
                                             module_aliases, names_in, tf_path, v1_prefix, v1_spelling)
from tfdata_bridge._src.migrate.choice import ChoicePass, source_arms, tensor_test
from tfdata_bridge._src.migrate.collection_reads import left_whole, runner_collection_read
from tfdata_bridge._src.migrate.comments import comment_lines, comments_in
from tfdata_bridge._src.migrate.comments import wrapped_comment as _comment_lines
from tfdata_bridge._src.migrate.dead_factories import drop_dead, tree_elsewhere
from tfdata_bridge._src.migrate.unread_readers import drop_unread_readers
from tfdata_bridge._src.migrate.dequeue_groups import direct_dequeue_group
from tfdata_bridge._src.migrate.feed import FeedFinder, class_feeds, feed_prefix, feed_queue_kind
from tfdata_bridge._src.migrate.foreign_batch import ForeignHelper, foreign_batch_helper, \
    foreign_instance_helper, home_generator
from tfdata_bridge._src.migrate import graph_mode
from tfdata_bridge._src.migrate.generate import Generator
from tfdata_bridge._src.migrate.hoist import hoist_helper_calls, line_map
from tfdata_bridge._src.migrate.line_words import note_back, outcome_back
from tfdata_bridge._src.migrate.inline_dequeues import name_inline_dequeues
from tfdata_bridge._src.migrate.loop_reads import hoist_loop_reads, loop_read_reason
from tfdata_bridge._src.migrate.copy_dequeues import dequeue_in_helper, handed_copies_reason, inline_prefetch_helper
from tfdata_bridge._src.migrate.many_dequeues import batch_many_dequeues
from tfdata_bridge._src.migrate.inline_sources import inline_source_helpers
from tfdata_bridge._src.migrate.wrapped_sources import inline_source_wrappers
from tfdata_bridge._src.migrate.feed_builders import caller_reasons, inline_feed_builders
from tfdata_bridge._src.migrate.inline_reads import name_reads
from tfdata_bridge._src.migrate.nested_batches import name_nested_batches
from tfdata_bridge._src.migrate.reader_ifexp import readers_chosen_by_if
from tfdata_bridge._src.migrate.nested_calls import name_nested_calls
from tfdata_bridge._src.migrate.local_reads import epoch_counter_read
from tfdata_bridge._src.migrate.graph_names import named_graph_read
from tfdata_bridge._src.migrate.join import bind_join, join_pipeline, one_list_join
from tfdata_bridge._src.migrate.memo_queue import made_where_read
from tfdata_bridge._src.migrate.join_lists import list_join
from tfdata_bridge._src.migrate.match_files import match_files
from tfdata_bridge._src.migrate.module_names import added_imports
from tfdata_bridge._src.migrate.pipelines import BATCHES, JOINS, Finder, Pipeline, source_news
from tfdata_bridge._src.migrate.provider_inline import inline_providers
from tfdata_bridge._src.migrate.provider_objects import provider_reason
from tfdata_bridge._src.migrate.object_pipeline import object_pipelines
from tfdata_bridge._src.migrate.init_source import init_sources
from tfdata_bridge._src.migrate.object_state import _NOT_YET, BASE_BATCH
from tfdata_bridge._src.migrate.plumbing import given_back, remove_plumbing
from tfdata_bridge._src.migrate.read_groups import TurnRefusal, read_groups
from tfdata_bridge._src.migrate.lifted_loops import lift_list_loops
from tfdata_bridge._src.migrate.reader_lists import loop_reader_lists, reader_list_reason
from tfdata_bridge._src.migrate.config_loops import unrolled_config_loops
from tfdata_bridge._src.migrate.object_forms import OBJECT_FORMS, explain_left, initialized_with_tables, \
    refuse_inner_batches, staged
from tfdata_bridge._src.migrate.results import Note, PipelineOutcome
from tfdata_bridge._src.migrate.returned_lists import name_returned_lists
from tfdata_bridge._src.migrate.passthrough_pass import passthrough_pass
from tfdata_bridge._src.migrate.passed_queue import method_callers
from tfdata_bridge._src.migrate.r16_forms import tried_with_forms
from tfdata_bridge._src.migrate.queue_reasons import left_queue_reason, part_of_left_pipeline
from tfdata_bridge._src.migrate.runner_queue import runner_queue, single_statements
from tfdata_bridge._src.migrate.scopes import Scopes
from tfdata_bridge._src.migrate.scoped_batch import all_rewritten, unwrap_scoped_batches
from tfdata_bridge._src.migrate.second_round import second_round
from tfdata_bridge._src.migrate.stateful_captures import withdrawn_for_state
from tfdata_bridge._src.migrate.switched_queues import switched_queues
from tfdata_bridge._src.migrate.tail_split import split_choices
from tfdata_bridge._src.migrate.tensors import direct_dequeue, direct_slices
from tfdata_bridge._src.migrate.bindings import reaching_reads
from tfdata_bridge._src.migrate.value_flow import REACHES, reached_consumer
from tfdata_bridge._src.migrate.calls import namer, nodes_of, target_names, wrapped
from tfdata_bridge._src.migrate.calls import code_of, without_import_lines
from tfdata_bridge._src.migrate.walk import Visitor, preorder
from tfdata_bridge._src.migrate.fed_aliases import FED_FUNCTIONS, resolve_fed_aliases


class _Index(Visitor):
    """API paths of calls, name references, and the blocks holding batch calls."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self) -> None:
        super().__init__()
        self.paths: dict[cst.Call, str | None] = {}
        self.refs: dict[str, list[cst.Name]] = {}
        self.blocks: list[list[cst.BaseStatement]] = []
        self.lines: dict[cst.CSTNode, int] = {}
        self.spans: dict[cst.CSTNode, tuple[int, int]] = {}
        self.v1: dict[cst.Call, str] = {}
        self.fixed_len: dict[cst.Call, bool] = {}
        self.threads: set[cst.Call] = set()
        self.owners: dict[int, cst.SimpleStatementLine] = {}  # id(assigned Name) -> its assignment statement
        self.pending_withs: list[cst.With] = []
        self.name_scopes: set[cst.With] = set()  # ``with tf.name_scope(...):`` blocks (nothing but a scope)
        self.block_of: dict[int, int] = {}  # id(statement) -> its block (``with`` bodies: the enclosing one)
        self.with_bodies: dict[int, int] = {}
        # ``ph = tf.placeholder`` (a name for the placeholder function) and the calls of names not found a path
        self.fed_aliases: dict[cst.BaseExpression, str] = {}
        self.named_calls: list[tuple[cst.Call, int]] = []

    def visit_Module(self, node: cst.Module) -> None:
        self.blocks.append(list(node.body))
        self.block_of.update((id(s), 0) for s in node.body)
        self.roots = imported_roots(node)
        self.thread_roots = self.roots | {"threading"}

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self.blocks.append(list(node.body))
        # a ``with`` body counts as its enclosing block (straight-line code either way)
        block = self.with_bodies.get(id(node), len(self.blocks) - 1)
        self.block_of.update((id(s), block) for s in node.body)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        where = self.get_metadata(PositionProvider, node)
        self.lines[node] = where.start.line
        self.spans[node] = (where.start.line, where.end.line)
        if len(node.body) == 1 and isinstance(node.body[0], cst.Assign):
            for t in node.body[0].targets:
                for n in _target_name_nodes(t.target):
                    self.owners[id(n)] = node

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        where = self.get_metadata(PositionProvider, node)
        self.spans[node] = (where.start.line, where.end.line)

    def visit_Return(self, node: cst.Return) -> None:  # (its elements: a helper's producers, tuple_producers.py)
        if isinstance(node.value, (cst.Tuple, cst.List)):
            for el in node.value.elements:
                where = self.get_metadata(PositionProvider, el)
                self.spans[el] = (where.start.line, where.end.line)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:  # (a class another module's rewrite changes)
        where = self.get_metadata(PositionProvider, node)
        self.spans[node] = (where.start.line, where.end.line)

    def visit_With(self, node: cst.With) -> None:
        if id(node) in self.block_of:
            self.with_bodies[id(node.body)] = self.block_of[id(node)]
        if all(isinstance(item.item, cst.Call) and item.asname is None for item in node.items):
            self.pending_withs.append(node)

    def leave_Module(self, node: cst.Module) -> None:
        scoping = {"name_scope", "variable_scope"}
        self.name_scopes = {w for w in self.pending_withs
                            if all((self.paths.get(i.item) or "").rsplit(".", 1)[-1] in scoping for i in w.items)}

    def visit_For(self, node: cst.For) -> None:
        where = self.get_metadata(PositionProvider, node)
        self.spans[node] = (where.start.line, where.end.line)

    def visit_If(self, node: cst.If) -> None:  # (an ``if`` choosing a queue, removed with its pipeline)
        where = self.get_metadata(PositionProvider, node)
        self.spans[node] = (where.start.line, where.end.line)

    def visit_Call(self, node: cst.Call) -> None:
        # (only names rooted in an import, or in a name `threading`, can mean threading.Thread: libcst is
        # asked about no other, each answer costing a look at every binding of the name)
        if import_rooted(node.func, self.thread_roots) and any(
                q.name == "threading.Thread" for q in self.get_metadata(QualifiedNameProvider, node.func, set())):
            self.threads.add(node)
        path = tf_path(self, node.func, self.roots)
        self.paths[node] = path
        if path is None and isinstance(node.func, cst.Name):
            # (a call of ``ph = tf.placeholder``, at its line: ``fed_aliases.resolve_fed_aliases``)
            self.named_calls.append((node, self.get_metadata(PositionProvider, node).start.line))
        for arg in node.args:  # (``Feeder(phs, queue_class=tf.FIFOQueue)``: the class a parameter makes, klass.py)
            named = arg.value.attr.value if isinstance(arg.value, cst.Attribute) else \
                arg.value.value if isinstance(arg.value, cst.Name) else ""
            if named.endswith("Queue"):
                self.paths[arg.value] = tf_path(self, arg.value, self.roots)  # type: ignore[index]
        if path is not None:
            spelled = dotted(node.func)
            # (``data_flow_ops.FIFOQueue`` ends with the path too; its module is no prefix to write tf.data with)
            names = self.get_metadata(QualifiedNameProvider, node.func, set())
            if spelled.endswith("." + path) and not any(q.name.startswith("tensorflow.python.") for q in names):
                prefix = spelled[: -len(path) - 1]
                # ``tf.queue.FIFOQueue`` / ``tf.train.batch`` under ``import tensorflow as tf``: ``tf`` is the
                # TF2 namespace, where ``tf.data.make_one_shot_iterator`` does not exist; the v1 APIs the rewrite
                # writes are spelled through ``tf.compat.v1`` there
                if any(q.source is QualifiedNameSource.IMPORT and q.name.startswith("tensorflow.")
                       and not q.name.startswith("tensorflow.compat.v1.") for q in names):
                    prefix += ".compat.v1"
                self.v1[node] = prefix
            self.fixed_len[node] = path.rsplit(".", 1)[-1] == "FixedLenFeature"

    def visit_Assign(self, node: cst.Assign) -> None:
        # ``reader_cls = tf.TFRecordReader``: the class a later ``reader_cls(...)`` makes (``reader_alias.py``)
        if isinstance(node.value, (cst.Attribute, cst.Name)) and len(node.targets) == 1 and \
                isinstance(node.targets[0].target, cst.Name):
            self.paths[node.value] = tf_path(self, node.value, self.roots)  # type: ignore[index]
            if (self.paths[node.value] or "").rsplit(".", 1)[-1] in FED_FUNCTIONS:
                self.fed_aliases[node.value] = self.paths[node.value]  # type: ignore[assignment]

    def visit_Name(self, node: cst.Name) -> None:
        self.refs.setdefault(node.value, []).append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False


def _target_name_nodes(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for el in target.elements for n in _target_name_nodes(el.value)]
    return []


class _Apply(cst.CSTTransformer):
    def __init__(self, removed: set[cst.CSTNode], replaced: dict[cst.CSTNode, list[cst.BaseStatement]],
                 scopes_only: set[cst.With] = frozenset()) -> None:
        super().__init__()
        self.removed = removed
        self.replaced = replaced
        self.scopes_only = scopes_only  # ``with`` statements that only name a graph scope

    def leave_SimpleStatementLine(self, original, updated):
        if original in self.removed:
            return cst.RemovalSentinel.REMOVE
        if original in self.replaced:
            return cst.FlattenSentinel(self.replaced[original])
        return updated

    def leave_For(self, original, updated):
        return cst.RemovalSentinel.REMOVE if original in self.removed else updated

    def leave_While(self, original, updated):  # a wait for a queue to fill (``queue_size.py``)
        return cst.RemovalSentinel.REMOVE if original in self.removed else updated

    def leave_If(self, original, updated):  # a choice between two batches (``choice.py``), or of names (moved)
        if original in self.removed:
            return cst.RemovalSentinel.REMOVE
        return cst.FlattenSentinel(self.replaced[original]) if original in self.replaced else updated

    def leave_With(self, original, updated):
        """A ``with tf.name_scope(...):`` whose statements all moved into the pipeline goes with them (its
        statements now sit beside the dataset); any other ``with`` stays, with ``pass``."""
        if original in self.removed:  # a block of control dependencies moved whole (``control_blocks.py``)
            return cst.RemovalSentinel.REMOVE
        body = original.body.body if isinstance(original.body, cst.IndentedBlock) else ()
        if original in self.scopes_only and body and all(b in self.removed for b in body):
            return cst.RemovalSentinel.REMOVE
        return updated

    def leave_IndentedBlock(self, original, updated):
        if not updated.body:  # every statement of a ``with`` block moved into the pipeline
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return updated

    def leave_Call(self, original, updated):  # a queue's ``size()`` read, its known count now (``size_drain.py``)
        return self.replaced[original][0] if original in self.replaced else updated

    def leave_Element(self, original, updated):  # a helper's returned producer (``tuple_producers.py``)
        return self.replaced[original][0] if original in self.replaced else updated

    def leave_FunctionDef(self, original, updated):
        if original in self.replaced:
            return cst.FlattenSentinel(self.replaced[original])
        return cst.RemovalSentinel.REMOVE if original in self.removed else updated

    def leave_ClassDef(self, original, updated):  # a reader class another module's rewrite made (``init_source.py``)
        return cst.FlattenSentinel(self.replaced[original]) if original in self.replaced else updated


def _keep_declared_methods(module: cst.Module, removed: set[cst.CSTNode], replaced: dict, scopes) -> list[Note]:
    """A method a rewrite would remove (a reader method inlined into the per-record function) stays where a base
    of its class may declare it (``subclasses.base_declaring``): an abstract method removed leaves the class one
    that cannot be made (held-out round 42's painting reader, ``@abc.abstractmethod _read_and_decode``).

    Nothing in the tree calls it any more (the tree's count of its uses let it go). A private one (``_name``:
    not for the class's users) keeps its docstring and raises ``NotImplementedError`` naming the pipeline that
    reads the records now, so no legacy reader is left in it (round 46's station reader: its ``TFRecordReader``
    kept the program's queue runners); a public one stays whole, as it was, for callers outside the tree."""
    from tfdata_bridge._src.migrate.subclasses import base_declaring

    notes = []
    for cls in nodes_of(module, cst.ClassDef):
        methods = [s for s in cls.body.body if isinstance(s, cst.FunctionDef)] \
            if isinstance(cls.body, cst.IndentedBlock) else []
        for fn in methods:
            if fn not in removed or fn in replaced:
                continue
            base = base_declaring(module, cls, fn.name.value)
            if base is None:
                continue
            removed.discard(fn)
            where = f"`{cls.name.value}.{fn.name.value}`"
            if not fn.name.value.startswith("_") or fn.name.value.startswith("__"):
                replaced[fn] = [fn]  # whole: its statements moved into the pipeline stay here too
                notes.append(Note(scopes.line(fn) or 0, f"the method {where} stays as it was: its pipeline no "
                                  f"longer calls it, but `{base}`, a base of `{cls.name.value}`, may declare it "
                                  "abstract (every subclass must define it)", kind="info"))
                continue
            moved = {id(n) for n in removed} | {id(n) for n in replaced}
            readers = [f"`{cls.name.value}.{m.name.value}`" for m in methods
                       if m is not fn and any(id(s) in moved for s in nodes_of(m, cst.BaseStatement))]
            by = f"the tf.data pipeline of {', '.join(readers)}" if readers else "a tf.data pipeline"
            text = f"{cls.name.value}.{fn.name.value} is no longer used: {by.replace('`', '')} reads the records"
            raise_line = cst.SimpleStatementLine([cst.Raise(cst.Call(cst.Name("NotImplementedError"), [
                cst.Arg(cst.SimpleString(repr(text)))]))])
            body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ()
            kept = [body[0]] if body and is_docstring(body[0]) else []
            replaced[fn] = [fn.with_changes(body=cst.IndentedBlock([*kept, raise_line]))]
            notes.append(Note(scopes.line(fn) or 0, f"the method {where} now raises `NotImplementedError`: "
                              f"{by} reads its records, and nothing calls it, but `{base}`, a base of "
                              f"`{cls.name.value}`, may declare it abstract (the class must define it)",
                              kind="info"))
    return notes


def _fixed_len_only(index: _Index, features: cst.BaseExpression) -> bool:
    """A dict literal whose every value is a ``FixedLenFeature(...)`` call."""
    if not isinstance(features, cst.Dict) or not features.elements:
        return False
    return all(
        isinstance(el, cst.DictElement) and isinstance(el.value, cst.Call) and index.fixed_len.get(el.value, False)
        for el in features.elements
    )


def to_tfdata(module: cst.Module, keep_plumbing: str | None = None) -> tuple[cst.Module, list[Note]]:
    """The module rewritten alone; ``keep_plumbing``: why its queue-runner plumbing must stay whatever is rewritten
    (``unseen_calls.py``)."""
    out, notes, _ = run(module, keep_plumbing=keep_plumbing)
    return out, notes


def survey(module: cst.Module, external=None) -> tuple[_Index, Scopes, Finder]:
    """The index, scopes and finder of a module (``tree.py`` asks them of the modules that define helpers)."""
    wrapper = wrapped(module)
    index = _Index()
    index.tf_aliases = module_aliases(module)
    wrapper.visit(index)
    scopes = Scopes(wrapper.resolve(ScopeProvider), index.owners, index.lines, index.spans, index.block_of,
                    wrapper.resolve(PositionProvider))
    resolve_fed_aliases(index, scopes)
    finder = Finder(index.paths, index.refs, scopes, module.code_for_node, external, module)
    return index, scopes, finder


def run(module: cst.Module, *args, **kwargs) -> tuple[cst.Module, list[Note], list[PipelineOutcome]]:
    """``_run_forms`` with ``module`` as written among those whose functions the element functions made are checked
    against (``graph_mode.MODULES``: a form tried may drop a helper an element function still calls)."""
    with graph_mode.checked_against(module):
        return _run_forms(module, *args, **kwargs)


def _run_forms(module: cst.Module, external=None, functions: dict[cst.FunctionDef, cst.FunctionDef] | None = None,
               requests: list | None = None, keep_plumbing: str | None = None, drop_plumbing: bool = False,
               frozen: str | None = None, objects: bool = True, plumbing: bool = True, scoped: bool = True,
               whole: bool = False, memo: bool = True, forms: bool = True
               ) -> tuple[cst.Module, list[Note], list[PipelineOutcome]]:
    """``_run``; where a helper called inside a batch call's tensors is named first (``hoist.py``) and that lets
    more pipelines be rewritten, the run of the hoisted module, its lines given back in the module's own.
    ``keep_plumbing``: why the queue-runner plumbing must stay (``plumbing.remove_plumbing``); ``drop_plumbing``:
    the pipelines its runners ran were rewritten in the modules it imports, so it goes even if nothing here is.
    ``frozen``: why the module must keep its queues (a tree's module that reads the queue-runner collection
    imports it; ``collection_reads.py``), as a read in the module itself is.
    ``objects``: pipelines kept on an object's attributes are gathered first (``object_pipeline.py``);
    ``plumbing``: False for a trial whose module is not kept (its plumbing pass would only cost);
    ``scoped``: a batch alone under a graph scope is tried without the scope (``scoped_batch.py``), and (True,
    not ``"lone"``) sibling graph-scope blocks leading to a batch, where the module as written leaves a pipeline;
    ``whole``: the module may be rewritten (``frozen`` and the collection reads were asked already)."""
    switched = switched_queues(module, external, requests) if not functions else None
    if switched is not None:  # a queue switched between producers by an index (``switched_queues.py``)
        new, said_now, done_now = switched
        out, notes, outcomes = run(new, external, functions, requests, keep_plumbing,
                                   drop_plumbing or keep_plumbing is None, frozen, objects, plumbing, scoped, whole,
                                   memo, forms)
        out, notes, outcomes = _given_back((out, notes, outcomes), line_map(code_of(module), code_of(new)))
        return out, [*said_now, *notes], [*done_now, *outcomes]
    if scoped is True and not functions:  # (the module as written, then its sibling scope blocks as one block)
        return _sibling_scopes(module, external, requests, keep_plumbing, drop_plumbing, frozen, objects, plumbing,
                               lambda m, asks, lone: run(m, external, functions, asks, keep_plumbing, drop_plumbing,
                                                         frozen, objects, plumbing, lone, whole, memo, forms))
    bare, unwrapped = unwrap_scoped_batches(module, external) if scoped and not functions else (module, [])
    if unwrapped:
        return _scoped(module, bare, unwrapped, external, requests, keep_plumbing, drop_plumbing, frozen, objects,
                       plumbing)
    if forms and objects and not functions:  # round 16's forms, kept where more is rewritten (``r16_forms.py``)
        return tried_with_forms(module, external, requests, lambda m, asks: run(
            m, external, functions, asks, keep_plumbing, drop_plumbing, frozen, objects, plumbing, scoped, whole, memo,
            forms=False))
    made = made_where_read(module, getattr(external, "attribute_uses", None)) if memo and objects and not functions \
        else module
    if made is not module:  # a file queue memoized on an object, made where it is read (``memo_queue.py``)
        trial_asks: list = []
        plain_asks: list = []
        trial = run(made, external, functions, trial_asks if requests is not None else None, keep_plumbing,
                    drop_plumbing, frozen, objects, plumbing, scoped, whole, memo=False)
        plain = run(module, external, functions, plain_asks if requests is not None else None, keep_plumbing,
                    drop_plumbing, frozen, objects, plumbing, scoped, whole, memo=False)
        better = _done(trial) > _done(plain)
        if requests is not None:
            requests.extend(trial_asks if better else plain_asks)
        return _given_back(trial, line_map(code_of(module), code_of(made))) if better else plain
    why = None if whole else frozen or runner_collection_read(module) or epoch_counter_read(module) or \
        named_graph_read(module)  # (a lookup by a pipeline op's name, a serialized graph: ``graph_names.py``)
    if why is not None:  # (what every form of the rewrite would do, each pipeline then said left with ``why``)
        out, notes, outcomes = run(module, external, functions, None, keep_plumbing, drop_plumbing, objects=objects,
                                   plumbing=False, scoped=False, whole=True)
        return left_whole(module, notes, outcomes, why) if out.code != code_of(module) else (out, notes, outcomes)
    said: dict[int, str] = {}  # (``init_source.py``'s reasons, where nothing else takes the module's classes)
    if objects and not functions:
        kept = _objects(module, external, requests, keep_plumbing, drop_plumbing, whole, said)
        if kept is not None:
            return explain_left(module, kept, external)
    def attempt(changed: cst.Module) -> tuple[tuple, list]:
        """``_run`` of a form of the module, with the helper requests it made."""
        asks: list = []
        return _run(changed, external, functions, asks if requests is not None else None, keep_plumbing,
                    drop_plumbing, plumbing), asks

    result, first = attempt(module)
    hoisted = hoist_helper_calls(module) if not functions else module
    if hoisted is not module:
        trial, asks = attempt(hoisted)
        if _done(trial) > _done(result):
            result, first = _given_back(trial, line_map(code_of(module), code_of(hoisted))), asks
    batched = name_nested_batches(module) if not functions else module
    if batched is not module:  # a batch call inside a larger expression, named first (``nested_batches.py``)
        trial, asks = attempt(batched)
        if _done(trial) > _done(result):
            result, first = _given_back(trial, line_map(code_of(module), code_of(batched))), asks
    nested = name_nested_calls(hoisted) if not functions and not all(o.rewritten for o in result[2]) else hoisted
    if nested is not hoisted:  # helper calls nested in one assignment, one per line (``nested_calls.py``)
        trial, asks = attempt(nested)
        if _done(trial) > _done(result):
            result, first = _given_back(trial, line_map(code_of(module), code_of(nested))), asks
    # a helper's list kept whole by its caller (``returned_lists.py``); readers made in a list, each read once
    # into a join's list (``reader_lists.py``); each form kept where it lets more pipelines be rewritten, the
    # next one tried on what is kept
    current = module
    provided = inline_providers(module, external) if not functions else module
    if provided is not module:  # a provider object written where it is made and read (``provider_inline.py``)
        trial, asks = attempt(provided)
        (done_t, left_t), (done_r, left_r) = _counts(trial), _counts(result)
        if done_t >= done_r and left_t <= left_r and (done_t, left_t) != (done_r, left_r):
            result, first = _given_back(trial, line_map(code_of(module), code_of(provided))), asks
            current = provided
    # (``name_inline_dequeues``: ``inline_dequeues.py``; ``dequeue_in_helper``: ``copy_dequeues.py``; the object
    # forms: ``object_forms.py``; ``batch_many_dequeues``: ``many_dequeues.py``; ``join_enqueue_loops``: a queue
    # filled by one enqueue op per turn of a loop, ``enqueue_loops.py`` (alike turns: ``shared_turns.py``);
    # ``feed_file_queues``: a filename queue fed
    # once from a placeholder, enqueue ops a helper makes, a runner started by hand, ``fed_file_queue.py``;
    # ``inline_feed_builders``: a feed-thread queue its function returns, ``feed_builders.py``)
    for form in (name_returned_lists, name_reads, readers_chosen_by_if, loop_reader_lists, lift_list_loops,
                 unrolled_config_loops,
                 name_inline_dequeues, hoist_loop_reads,
                 dequeue_in_helper,
                 inline_prefetch_helper, batch_many_dequeues, replicate_alike_turns, join_enqueue_loops,
                 feed_file_queues, hand_queue_forms,
                 inline_feed_builders, *OBJECT_FORMS):
        # (a hand-built queue left has a note and no outcome: the forms are still tried while a note refuses)
        if all(o.rewritten for o in result[2]) and not any(n.kind == "refused" for n in result[1]) or functions:
            break
        named = form(current, external)
        if named is not current:
            trial, asks = attempt(named)
            if form in OBJECT_FORMS:  # (two stages brought into one function: the second round takes the second)
                trial = staged(named, trial, lambda out, more: _run(out, external, functions, more, keep_plumbing,
                                                                     drop_plumbing, plumbing), asks, requests)
            (done_t, left_t), (done_r, left_r) = _counts(trial), _counts(result)
            # (more rewritten; or as many, with fewer left: a pipeline left whole where the form was not named
            # and the reader alone rewritten, ``returned_lists.py``'s list going to a queue stage)
            if done_t > done_r or done_t == done_r and left_t < left_r:
                result, first, current = _given_back(trial, line_map(code_of(module), code_of(named))), asks, named
            elif form is inline_feed_builders:  # (left at its caller too: the note says why there)
                result = caller_reasons(result, _given_back(trial, line_map(code_of(module), code_of(named))))
    # source helpers called twice in one function, inlined (``inline_sources.py``): in the module as written, and
    # in the form kept above (a batched dequeue named first, ``inline_dequeues.py``: the NMT iterator's two readers)
    named = name_inline_dequeues(current, external) if not functions else current
    for base in list({id(b): b for b in (module, current, named)}.values()):
        # (a wrapper of a source helper first, inlined at its call: ``wrapped_sources.py``)
        wrapped = inline_source_wrappers(base, external) if not functions else base
        inlined = inline_source_helpers(wrapped, external) if not functions else base
        inlined = wrapped if inlined is base else inlined
        if inlined is not base:
            trial, asks = attempt(inlined)
            (done_t, left_t), (done_r, left_r) = _counts(trial), _counts(result)
            if done_t >= done_r and left_t <= left_r and (done_t, left_t) != (done_r, left_r):
                result, first = _given_back(trial, line_map(code_of(module), code_of(inlined))), asks
            else:  # (a second source the inlined form would move into the first's map: said at the batch)
                result = _element_reasons(result, _given_back(trial, line_map(code_of(module), code_of(inlined))))
    for push in (False, True):  # (statements moved into the branches only where the plain split is not enough)
        split, split_lines = split_choices(module, push) if not functions else (module, None)
        if split is module:  # a pipeline's source chosen by an ``if``: kept only where all it made is rewritten
            break
        trial, asks = attempt(split)
        (done_t, left_t), (done_r, left_r) = _counts(trial), _counts(result)
        # (a hand-built queue made in each branch has no outcome where it is left, its reason being a note: a split
        # that rewrites all it makes where nothing was rewritten is kept; one chain with the ``if`` in its map
        # function stays where the module as written gave it)
        if done_t > done_r and (left_t < left_r or left_t == 0 and done_r == 0):
            result, first = _given_back(trial, split_lines), asks
        if all(o.rewritten for o in result[2]):
            break
    if not functions:  # a prefetch queue gone in the first round uncovers its batch's source (``second_round``)
        fourth: list = []
        again = second_round(module, result, lambda out: _run(out, external, functions, fourth if requests is not None
                                                              else None, keep_plumbing, drop_plumbing))
        if again is not result:
            result = again
            first = [*first, *fourth]
    if requests is not None:
        requests.extend((fn, new_fn, line) for fn, new_fn, line in first)
    if said:
        result = (result[0], *_said_instead(result[1], result[2], said))
    return explain_left(module, result, external) if not functions else result


def _element_reasons(result: tuple, trial: tuple) -> tuple:
    """``result`` with the note of each pipeline it leaves replaced by ``trial``'s at the same line where that one
    says a legacy queue call would end up in the per-element function (``graph_mode.check_element_function``):
    the reason the user can act on."""
    said = {n.line: n for n in trial[1] if n.kind == "refused" and graph_mode.ELEMENT_REASON in n.message}
    if not said:
        return result
    notes = [said[n.line] if n.line in said and n.kind == "refused" and "pipeline left" in n.message else n
             for n in result[1]]
    return result[0], notes, result[2]


def _counts(result: tuple) -> tuple[int, int]:
    """(pipelines rewritten, pipelines left) of a run's outcomes."""
    done = sum(o.rewritten for o in result[2])
    return done, len(result[2]) - done


def _done(result: tuple) -> int:
    return _counts(result)[0]


def _given_back(result: tuple, lines) -> tuple:
    """A run of a changed form of the module, its notes' and outcomes' lines given back in the module's own."""
    out, notes, outcomes = result
    return out, [note_back(n, lines) for n in notes], [outcome_back(o, lines) for o in outcomes]


def _scoped(module, bare, unwrapped, external, requests, keep_plumbing, drop_plumbing, frozen, objects, plumbing):
    """``run`` of ``bare`` (``module`` without the graph scopes around its lone batches) where it rewrites each
    of those batches and more pipelines than ``run`` of ``module``; lines given back in the module's own."""
    plain_asks: list = []
    trial_asks: list = []
    asks = None if requests is None else trial_asks
    trial = run(bare, external, None, asks, keep_plumbing, drop_plumbing, frozen, objects, plumbing, scoped=False)
    kept = all_rewritten(trial[0].code, unwrapped)
    plain = trial
    if not kept or not all(o.rewritten for o in trial[2]):  # (all rewritten: the module as written can do no better)
        asks = None if requests is None else plain_asks
        plain = run(module, external, None, asks, keep_plumbing, drop_plumbing, frozen, objects, plumbing,
                    scoped=False)
        (done_t, left_t), (done_p, left_p) = _counts(trial), _counts(plain)
        kept = kept and done_t > done_p and left_t < left_p
    if kept:
        plain, plain_asks = _given_back(trial, line_map(code_of(module), code_of(bare))), trial_asks
    if requests is not None:
        requests.extend(plain_asks)
    return plain


def _sibling_scopes(module, external, requests, keep_plumbing, drop_plumbing, frozen, objects, plumbing, again):
    """``run`` of ``module`` (``again(module, asks, "lone")``); where it leaves a pipeline, the run of the module
    with the sibling graph-scope blocks leading to a batch opened (``scoped_batch.py``) where that rewrites
    each batch they lead to and more pipelines; lines given back in the module's own."""
    plain_asks: list = []
    plain = again(module, None if requests is None else plain_asks, "lone")
    if all(o.rewritten for o in plain[2]) and not any(n.kind == "refused" for n in plain[1]):
        bare, unwrapped = module, []
    else:
        bare, unwrapped = unwrap_scoped_batches(module, external, siblings=True)
    if unwrapped:
        trial_asks: list = []
        trial = again(bare, None if requests is None else trial_asks, False)
        (done_t, left_t), (done_p, left_p) = _counts(trial), _counts(plain)
        if all_rewritten(trial[0].code, unwrapped) and done_t > done_p and left_t < left_p:
            plain, plain_asks = _given_back(trial, line_map(code_of(module), code_of(bare))), trial_asks
    if requests is not None:
        requests.extend(plain_asks)
    return plain


_NOT_GIVEN = "is not given one file queue made by `string_input_producer`, nor makes one"
_NOT_READ = "does not read the queue it is given"
_NOT_A_READ = "a reader's `read` must be called as `key, value = reader.read(filename_queue)`"
_NO_SOURCE = "no input producer, reader or zero-input `py_func` feeds this"


def _objects(module, external, requests, keep_plumbing, drop_plumbing, whole=False, said=None):
    """``run`` of the module with its classes' kept pipelines rewritten (``object_pipeline.py``), lines given
    back in the module's own, and each refusal's reason said at its batch; None where there is no such class.
    ``said``: where ``init_source.py``'s form is refused and nothing else here applies, its reasons by batch line
    (the plain run of the module says them)."""
    def trial(m: cst.Module, reqs: list):
        return run(m, external, None, reqs, keep_plumbing, drop_plumbing, objects=False, plumbing=False, whole=whole)

    new, notes, outcomes, refusals, asked = object_pipelines(module, external, trial)
    if not outcomes:  # a class's queue and reader read by a method, the batch in the caller (``init_source.py``)
        got = init_sources(module, external, trial)
        if got is not None and got[2]:
            new, notes, outcomes, more, asked = got
            refusals = type(refusals).of({**refusals, **more}, refusals)
        elif got is not None and not refusals and said is not None:
            said.update(got[3])
        elif got is not None:
            refusals = type(refusals).of({**got[3], **refusals}, refusals)
    dequeued = {line: api for line, api in getattr(refusals, "dequeues", {}).items()}
    if not outcomes and not refusals:
        return None
    out, more_notes, more_outcomes = run(new, external, None, requests, keep_plumbing, drop_plumbing or bool(outcomes),
                                         objects=False, whole=whole)
    lines = line_map(code_of(module), code_of(new))
    more_notes = [note_back(n, lines) for n in more_notes]
    more_outcomes = [outcome_back(o, lines) for o in more_outcomes]
    for line, why in refusals.items():
        # (a kept queue's batch left: said there; another rewrite, a feed thread's, may have taken it)
        if line in dequeued and dequeued[line][1] in code_of(out) and not any(n.line == line for n in more_notes):
            more_notes.append(Note(line, f"`{dequeued[line][0]}` pipeline left unchanged: {why}"))
    more_notes, more_outcomes = _said_instead(more_notes, more_outcomes, refusals)
    if requests is not None:
        requests.extend(asked)
    return private_imports_left_unused(module, out), notes + more_notes, outcomes + more_outcomes


def _vague(text: str) -> bool:
    # (a method reading the file queue its object keeps, given none, or named ``read`` as a reader's method is:
    # where a class's form says why it is left, its reason says more, init_source.py)
    return _NOT_YET in text or BASE_BATCH in text or text.startswith(_NO_SOURCE) or f": {_NO_SOURCE}" in text or \
        _NOT_GIVEN in text or text.endswith(_NOT_READ) or _NOT_A_READ in text


def _said_instead(notes: list, outcomes: list, reasons) -> tuple[list, list]:
    """Each of ``reasons`` (``{batch line: why}``) said instead of "not rewritten yet", or of "no source in the
    same block" where an object holds the source; another reason is the recogniser's."""
    for line, why in reasons.items():
        notes = [Note(n.line, f"`{n.message.split('`')[1]}` pipeline left unchanged: {why}")
                 if n.line == line and n.kind == "refused" and _vague(n.message) else n for n in notes]
        outcomes = [replace(o, reason=why) if o.line == line and not o.rewritten and _vague(o.reason) else o
                    for o in outcomes]
    return notes, outcomes


def private_imports_left_unused(original: cst.Module, out: cst.Module) -> cst.Module:
    """``out`` less its imports from TensorFlow (``from tensorflow.python.ops import data_flow_ops``, ``from
    tensorflow.compat.v1.train import Coordinator``, ``import tensorflow.python.training.coordinator as coord``)
    that the original used and the rewrite left unused (a name still spelled in ``out`` is kept; one the
    original already left unused is the program's own and stays)."""
    asks = [a for a in _tf_imports(out) if f"{a[3]}." in code_of(original) or f"{a[3]}(" in code_of(original)]
    if asks:  # (a name the rewrite's code still reads keeps its import: not asked; an attribute's name, the
        # dataset's ``.batch(`` for ``from tensorflow.compat.v1.train import batch``, is none)
        spelled = _read_names(without_import_lines(out), docstrings=False)
        asks = [a for a in asks if a[3] not in spelled]
    if not asks:
        return out
    read = _read_names(without_import_lines(original))  # (what the original did not read either: not the rewrite's)
    asks = [a for a in asks if a[3] in read]
    return _without(out, asks) if asks else out


def _read_names(module: cst.Module, docstrings: bool = True) -> set[str]:
    """The names ``module`` reads: every ``Name`` but an attribute's, a keyword's, and the names a ``def``,
    ``class``, parameter or assignment binds; a name in a string counts too (``__all__``, annotations), in a
    string alone on its line (a docstring) only if ``docstrings``."""
    bound: set[int] = set()
    prose: set[int] = set()
    for node in preorder(module):
        kind = type(node)  # (libcst's concrete node classes, never subclassed: no abstract-class check per node)
        if not docstrings and kind is cst.SimpleStatementLine and is_docstring(node):
            prose |= {id(n) for n in nodes_of(node, cst.SimpleString)}
        if kind is cst.Attribute:
            bound.add(id(node.attr))
        elif kind is cst.Arg and node.keyword is not None:
            bound.add(id(node.keyword))
        elif kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Param:
            bound.add(id(node.name))
        elif (kind is cst.AssignTarget or kind is cst.AnnAssign) and type(node.target) is cst.Name:
            bound.add(id(node.target))
    read = {n.value for n in nodes_of(module, cst.Name) if id(n) not in bound}
    for text in nodes_of(module, cst.SimpleString):
        if id(text) not in prose:
            read.update(w for w in re.findall(r"\w+", text.value))
    return read


def _tf_imports(module: cst.Module) -> list[tuple[str, str | None, str | None, str]]:
    """The module's top-level TensorFlow imports as (module, object or None, alias or None, the name bound)."""
    out = []
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative and \
                not isinstance(small.names, cst.ImportStar):
            where = dotted(small.module)
            if where == "tensorflow" or where.startswith("tensorflow."):
                out += [(where, a.evaluated_name, a.evaluated_alias, a.evaluated_alias or a.evaluated_name)
                        for a in small.names]
        elif isinstance(small, cst.Import):  # ``import tensorflow.python.training.coordinator as coordinator``
            out += [(dotted(a.name), None, a.evaluated_alias, a.evaluated_alias) for a in small.names
                    if a.asname is not None and dotted(a.name).startswith("tensorflow.")]
    return out


def _without(module: cst.Module, asks) -> cst.Module:
    """``module`` less the top-level imports ``asks`` names (``_tf_imports``' tuples), which nothing in it reads:
    each import line holding one is given to libcst's ``RemoveImportsVisitor`` alone, so the line is cut as
    libcst cuts it (its commas and comments) without a scope analysis of the whole module, which was about a
    tenth of a rewrite's time."""
    wanted = {(where, obj, alias) for where, obj, alias, _ in asks}
    body: list[cst.CSTNode] = []
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine) and any(
                wanted & {(where, obj, alias) for where, obj, alias, _ in _tf_imports(cst.Module([
                    stmt.with_changes(body=[small])]))} for small in stmt.body):
            context = CodemodContext()
            for where, obj, alias in wanted:
                RemoveImportsVisitor.remove_unused_import(context, where, obj, alias)
            body.extend(RemoveImportsVisitor(context).transform_module(cst.Module([stmt])).body)
        else:
            body.append(stmt)
    return module.with_changes(body=body)


def _run(module: cst.Module, *args, **kwargs) -> tuple[cst.Module, list[Note], list[PipelineOutcome]]:
    """``_run_module``, the element functions it makes checked against ``module``'s own functions they call
    (``graph_mode.MODULES``)."""
    with graph_mode.checked_against(module):
        return _run_module(module, *args, **kwargs)


def _run_module(module: cst.Module, external=None, functions: dict[cst.FunctionDef, cst.FunctionDef] | None = None,
                requests: list | None = None, keep_plumbing: str | None = None, drop_plumbing: bool = False,
                plumbing: bool = True) -> tuple[cst.Module, list[Note], list[PipelineOutcome]]:
    """The rewritten module, its notes, and one outcome per pipeline end (batch, join, fed queue) found.

    For a tree (``tree.py``): ``external`` resolves helpers in other modules; ``functions`` are this module's
    helpers to replace for callers elsewhere; ``requests`` collects ``(helper, new helper, call sites)`` of the
    other modules' helpers this module's rewrites need."""
    outcomes: list[PipelineOutcome] = []
    original = module
    asked_before = len(requests) if requests is not None else 0  # (withdrawn: its requests go too)
    # ``match_filenames_once`` first: a tensor of file names a pipeline's rewrite can read (a tree's helpers are
    # keyed by this module's nodes, which a change would replace)
    module, matched = match_files(module, v1_prefix(module) or "") if not functions else (module, [])
    index, scopes, finder = survey(module, external)
    taken = set(index.refs)
    notes: list[Note] = []
    removed: set[cst.CSTNode] = set()
    replaced: dict[cst.CSTNode, list[cst.BaseStatement]] = {}
    # no module alias for tensorflow.compat.v1 (``from tensorflow.compat.v1 import train``): one is added, ``tf``
    # or, where the module names something else so, a fresh one (``calls.v1_spelling``)
    v1_default, added_v1 = v1_spelling(module, index.refs)
    taken.add(v1_default.split(".", 1)[0])

    fresh = namer(taken)

    # each rewrite is a group of changes; a reader helper's groups are undone unless they cover all its callers
    groups: list[tuple[set, set, range, range, set, int]] = []

    def begin() -> tuple[set, set, int, int]:
        return set(removed), set(replaced), len(notes), len(outcomes)

    def commit(snap: tuple[set, set, int, int], helpers: set[cst.FunctionDef], calls: int | None = None) -> None:
        """``calls``: how many calls of the helpers the group rewrote (by default one per outcome; a choice of
        two batches is two outcomes over one call)."""
        groups.append((removed - snap[0], set(replaced) - snap[1], range(snap[2], len(notes)),
                       range(snap[3], len(outcomes)), helpers, len(outcomes) - snap[3] if calls is None else calls))

    feed_refusals: list[tuple[cst.CSTNode, Note, PipelineOutcome]] = []
    class_kept: set[int] = set()  # a class's queue statements made its dataset (``feed/klass.py``'s ``remote``)
    class_taken: set[int] = set()  # the statements a class's feed rewrite took: no function-form refusal of them
    done = _batch_helpers(module, index, scopes, finder, v1_default, fresh, notes, outcomes, removed, replaced,
                          begin, commit, requests)
    # (the batches of a helper the tree turns for another module's callers: that module's, ``foreign_batch.py``)
    done |= {s for fn in (functions or {}) for s in nodes_of(fn, cst.SimpleStatementLine)}
    gen_of = (lambda node: Generator(v1_default, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f),
                                     lambda n: index.paths.get(n), finder.scopes))
    done |= ChoicePass(module, index, finder, gen_of, _lead, _comment_lines, _moved, begin, commit, requests).run(
        notes, outcomes, removed, replaced, done) if v1_default else set()
    for line, kind, plan in class_feeds(module, index, module.code_for_node, v1_default, finder):
        if isinstance(plan, Refusal):
            feed_refusals.append((None, Note(line, f"`tf.compat.v1.{kind}` left: {plan}"),
                                  PipelineOutcome(line, kind, False, str(plan))))
            continue
        removed.update(plan.removed)
        replaced.update(plan.replaced)
        class_kept |= {id(s) for s in plan.replaced} if plan.remote else set()
        class_taken |= {id(s) for s in (*plan.removed, *plan.replaced)}
        notes.append(Note(line, plan.comment.split(": ", 1)[1], kind="info"))
        outcomes.append(PipelineOutcome(line, kind, True, plan.comment.split(": ", 1)[1]))
    for body in index.blocks:
        for i, stmt in enumerate(body):
            if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1) or stmt in done:
                continue
            small = stmt.body[0]
            value = small.value if isinstance(small, (cst.Assign, cst.Expr, cst.Return)) else None
            api = index.paths.get(value) if isinstance(value, cst.Call) else None
            if api is None:
                continue
            line = index.lines.get(stmt, 0)
            fed_kind = feed_queue_kind(api)
            if fed_kind and isinstance(small, cst.Assign) and \
                    len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                prefix = feed_prefix(index, value, v1_default, index.tf_aliases)
                feed = FeedFinder(index, module.code_for_node, prefix, fresh, scopes, finder.external, module)
                feed.outer = finder  # (its ``api``: a ``shared_name=`` no other session reaches goes, ``shared_names.py``)
                try:
                    if not feed.v1:
                        raise Refusal("the queue is not spelled through a `tensorflow` module alias")
                    plan = feed.plan(body, i, small.targets[0].target.value, value, fed_kind, module)
                except Refusal as exc:  # said at the end, unless a pipeline's rewrite takes the queue with it
                    # (other kinds: only a queue fed through placeholders; a FIFOQueue fed by no placeholder
                    # that its function returns to callers and fills by a ``QueueRunner``, a prefetch helper's, or
                    # one any ``QueueRunner`` fills, is no feed-thread queue: ``_left_alone`` says what leaves it)
                    returned = not feed.fed and _returned_prefetch(module, stmt, small.targets[0].target.value)
                    if fed_kind == "FIFOQueue" and not returned and not feed.runner_filled or feed.fed:
                        feed_refusals.append((stmt, Note(line, f"`tf.compat.v1.{fed_kind}` left: {exc}"),
                                              PipelineOutcome(line, fed_kind, False, str(exc))))
                    continue
                removed.update(plan.removed)
                replaced.update(plan.replaced)
                anchor = plan.replace_at
                lead = _lead(anchor, body, removed)
                plan.new[0] = plan.new[0].with_changes(leading_lines=[*lead, *_comment_lines(plan.comment)])
                replaced[anchor] = plan.new
                notes.append(Note(line, plan.comment.split(": ", 1)[1], kind="info"))
                outcomes.append(PipelineOutcome(line, fed_kind, True, plan.comment.split(": ", 1)[1]))
                continue
            if api not in BATCHES and api not in JOINS:
                continue
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1) and not isinstance(small, cst.Return):
                why = "its result is neither assigned to names nor returned"
                notes.append(Note(line, f"`{api}` left: {why}"))
                outcomes.append(PipelineOutcome(line, api, False, why))
                continue
            try:
                single = one_list_join(value, api, finder, stmt) if api in JOINS else None
                if single is not None:  # ``batch_join([[x, y]])``: one thread enqueuing one list is ``batch``
                    pipeline = finder.pipeline(body, i, *single[:2],
                                               removes=(single[2],) if single[2] is not None else ())
                    moved = _moved(pipeline)
                elif api in JOINS:
                    try:
                        pipeline, moved = join_pipeline(finder, module, body, i, api)
                    except Refusal as exc:  # lists that are each a whole pipeline (join_lists.py)
                        try:  # per-element code on elements made before the list: branches, copies
                            other = element_join(finder, module, body, i, api)  # (branch_joins.py)
                        except Refusal as why_not:
                            other, exc = None, Refusal(f"{exc}; nor {why_not}")
                        if other is not None:
                            pipeline, moved = other
                        else:
                            why = reader_list_reason(finder, body, i, value)  # (a list of readers: reader_lists.py)
                            if why is not None:
                                raise Refusal(why) from None
                            try:
                                plan = _list_join(finder, module, index, body, i, api, value,
                                                  v1_default, fresh, exc)
                            except Refusal:  # (lists of whole pipelines first: a loop over a parameter may make them)
                                why = handed_copies_reason(finder, body, i, value)  # (copies made by the callers)
                                if why is not None:
                                    raise Refusal(why) from None
                                raise
                            if plan.helper is not None:  # another module's function: the tree replaces it there
                                if requests is None:
                                    raise AssertionError("a function of another module without a tree")
                                requests.append((*plan.helper, line))
                            snap = begin()
                            removed.update(plan.removed)
                            replaced.update(plan.replaced)
                            _take_helpers(plan.pipeline, replaced, requests, line)  # (its reader helper)
                            notes.append(Note(line, plan.comment.split(": ", 1)[1], kind="info"))
                            outcomes.append(PipelineOutcome(line, api, True, plan.comment.split(": ", 1)[1]))
                            commit(snap, _own_helpers(plan.pipeline))
                            continue
                else:
                    try:
                        pipeline = finder.pipeline(body, i)
                    except Refusal as exc:  # (a reader chosen by an ``if`` on a flag: a chain per arm)
                        sourceless = str(exc).startswith("no input producer")
                        # (a batch in an ``if`` arm whose other arms only raise, its source before: raise_arms.py)
                        guarded = guarded_block(module, stmt) if sourceless else None
                        arms = source_arms(finder, body, i) if sourceless and guarded is None else None
                        if guarded is None and arms is None:
                            raise
                        if guarded is not None:
                            try:
                                pipeline = finder.pipeline(guarded, len(guarded) - 1)
                            except Refusal as again:
                                if str(again).startswith("no input producer"):
                                    raise exc from None
                                raise
                        elif not _source_choice(finder, module, index, body, i, arms, v1_default, fresh, removed,
                                                replaced, notes, outcomes, begin, commit, requests):
                            raise  # (no arm is a source: per-element work, say; the reason stands)
                        else:
                            continue
                    moved = _moved(pipeline)
                refuse_inner_batches(pipeline, index.paths, BATCHES, JOINS)  # (two batching stages: stages.py)
                v1 = index.v1.get(value) or v1_default
                gen = Generator(v1, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f),
                                lambda n: index.paths.get(n), finder.scopes)
                gen.takes_passed = True  # (a file queue handed in: its callers' producers, passed_queue.py)
                new, get_next, comment = gen.statements(pipeline)
            except Refusal as exc:
                if str(exc).startswith("no input producer"):  # (a batch in one branch: say that form)
                    exc = branch_batch_reason(module, finder, stmt, api, index.lines) or \
                        closure_batch_reason(module, stmt, api, index.lines) or \
                        provider_reason(module, finder, stmt, api) or \
                        separated_reason(module, finder, stmt, api, index.lines) or \
                        raise_arm_reason(module, finder, stmt, api, index.lines) or exc  # (or of a provider object's method)
                notes.append(Note(line, f"`{api}` pipeline left unchanged: {exc}"))
                outcomes.append(PipelineOutcome(line, api, False, str(exc)))
                continue
            returned = pipeline.source.passed if pipeline.source.kind == "dataset" else None
            homes = [returned.ret, returned.fn] if returned is not None and returned.home_v1 is None else []
            if any(old in removed or old in replaced for old in [*gen.passed_files, *gen.foreign_files, *homes]):
                why = "a caller's file queue is taken by another rewrite"
                notes.append(Note(line, f"`{api}` pipeline left unchanged: {why}"))
                outcomes.append(PipelineOutcome(line, api, False, why))
                continue
            snap = begin()
            removed.update(moved)
            replaced.update({k: [v] for k, v in source_news(pipeline.source).items()})  # (create_threads: filename_queue.py)
            replaced.update(gen.passed_files)  # the callers' producers: datasets of file names (passed_queue.py)
            if gen.foreign_files:  # (callers of other modules: the tree writes theirs there)
                if requests is None:
                    raise AssertionError("a caller of another module without a tree")
                requests.extend((old, new_stmts, line) for old, new_stmts in gen.foreign_files.items())
                replaced.update(gen.foreign_files)  # (not of this module: an undone rewrite takes them back)
            _take_helpers(pipeline, replaced, requests, line)
            if gen.returned_helper is not None:  # another module's helper returning the producers (tuple_producers.py)
                if requests is None:
                    raise AssertionError("a helper of another module without a tree")
                requests.append((*gen.returned_helper, line))
            out = small.with_changes(value=get_next)
            lead = _lead(stmt, body, removed)
            # the comments of the statements that go, and of the batch call's arguments, stay with the dataset
            kept = [c for c in comments_in([*pipeline.source.statements, small.value])
                    if c not in comments_in([stmt.with_changes(body=[])])]
            if kept:
                new[-1] = new[-1].with_changes(leading_lines=[*comment_lines(kept), *new[-1].leading_lines])
            new[0] = new[0].with_changes(leading_lines=[*lead, *_comment_lines(comment), *new[0].leading_lines])
            replaced[stmt] = [*new, stmt.with_changes(body=[out], leading_lines=())]
            notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
            outcomes.append(PipelineOutcome(line, api, True, comment.split(": ", 1)[1]))
            commit(snap, _own_helpers(pipeline), helper_calls(pipeline))
    _runner_queues(index, finder, module, v1_default, fresh, removed, replaced, notes, outcomes, feed_refusals,
                   begin, commit, requests, skip=done)
    _once_filled(index, module, v1_default, removed, replaced, notes, outcomes, feed_refusals, finder)
    passthrough_pass(index, finder, removed, replaced, notes, outcomes, feed_refusals, _lead, _comment_lines,
                     requests, set(functions or {}))
    # (not in a function the tree replaces whole: a join's function of another module, ``join_lists.py``)
    whole = {id(n) for fn in (functions or {}) for n in nodes_of(fn, cst.SimpleStatementLine)}
    _direct_dequeues(index, finder, module, v1_default, fresh, removed, replaced, notes, outcomes, whole)
    _read_groups(index, finder, module, v1_default, fresh, removed, replaced, notes, outcomes, whole, requests)
    _direct_slices(index, finder, module, v1_default, fresh, removed, replaced, notes, outcomes, whole)
    _undo_uncovered_helpers(groups, scopes, notes, outcomes, removed, replaced, requests)
    if requests is not None:  # (a producer of another module handed here: gone with a rewrite undone)
        requests[asked_before:] = [r for r in requests[asked_before:]
                                   if not isinstance(r[0], cst.SimpleStatementLine) or r[0] in replaced]
    _drop_stage_helpers(module, finder, removed, replaced, notes)
    gone = _gone_from_functions(replaced, functions)
    # (and the statements of a function that went whole: a helper of k readers' queue, ``prefetch_helper.py``)
    gone |= {id(s) for fn in removed if isinstance(fn, cst.FunctionDef) for s in nodes_of(fn, cst.SimpleStatementLine)}
    for queue_stmt, note, outcome in feed_refusals:
        # a hand-built queue a rewritten pipeline took in (or a rewritten helper dropped) is no refusal
        # (a class's queue kept as its dataset where another module dequeues it, ``feed/klass.py``: replaced)
        if queue_stmt is None or queue_stmt not in removed and id(queue_stmt) not in gone and \
                id(queue_stmt) not in class_kept and id(queue_stmt) not in class_taken:
            notes.append(note)
            outcomes.append(outcome)
    for old_fn, new_fn in (functions or {}).items():
        # (None: a method inlined elsewhere goes; a list: a producer statement handed to another module's function
        # that reads it, as the dataset of its file names, ``passed_queue.py``)
        replaced[old_fn] = new_fn if isinstance(new_fn, list) else [new_fn] if new_fn is not None else []
    notes += _left_alone(module, index, [*removed, *replaced], notes, external, scopes)
    if replaced:  # (before the imports' count: a method kept whole may read them)
        notes += _keep_declared_methods(module, removed, replaced, finder.scopes)
    removed.update(_imports_left_unused(module, index, removed, replaced))
    if not replaced:  # nothing rewritten: the module as it came, match_filenames_once included
        if drop_plumbing and keep_plumbing is None:  # less the runner plumbing of pipelines rewritten elsewhere
            out, plumbing_notes = remove_plumbing(original, helpers=getattr(external, "runner_helpers", frozenset()),
                                                  external=external)
            return out, notes + plumbing_notes, outcomes
        return original, notes, outcomes
    notes += matched
    out = initialized_with_tables(module.visit(_Apply(removed, replaced, index.name_scopes)),
                                 getattr(external, "imported", None), getattr(external, "calls_elsewhere", None))
    by_name_imports = added_imports(finder, out)  # (a helper's module's names its reader reads: module_names.py)
    if by_name_imports:
        out = with_imports(out, by_name_imports)
    if added_v1 is not None and added_v1 in names_in(out):
        context = CodemodContext()
        AddImportsVisitor.add_needed_import(context, "tensorflow.compat.v1", asname=added_v1)
        out = AddImportsVisitor(context).transform_module(out)
    out = private_imports_left_unused(original, out)
    out = cst.parse_module(out.code)  # fresh positions and names for the plumbing pass
    out, notes = drop_dead(original, out, notes, tree_elsewhere(external, original))  # reader factories no read calls
    out, notes = drop_unread_readers(original, out, notes)  # (``unread_readers.py``)
    # a dataset holding a variable or a fed value (stateful_captures.py; another module's names: the tree's)
    texts = getattr(external, "other_texts", None)
    why = withdrawn_for_state(out, original, getattr(external, "imported", None),
                              texts() if texts is not None else () if external is None else None)
    if why is not None:
        if requests is not None:  # (another module's helper is not turned for a pipeline left here)
            del requests[asked_before:]
        return left_whole(original, notes, outcomes, why)
    if not plumbing:
        return out, notes, outcomes
    surveyed = out  # (the module the plumbing's notes are said of)
    out, plumbing_notes = remove_plumbing(out, keep=keep_plumbing,
                                          helpers=getattr(external, "runner_helpers", frozenset()), external=external,
                                          collections=frozenset(getattr(finder, "started_collections", ())))
    out = private_imports_left_unused(original, out)  # (the plumbing's imports: ``coordinator``, ``Coordinator``)
    if plumbing_notes:  # (said of the rewritten module: given back in the module's own lines, as the others are)
        plumbing_notes = given_back(plumbing_notes, line_map(code_of(original), code_of(surveyed)))
    return out, notes + plumbing_notes, outcomes


def _list_join(finder, module, index, body, i, api, call, v1_default, fresh, refused: Refusal):
    """A join whose lists one function of the module makes each (``join_lists.py``); else the refusal of
    both forms."""
    v1 = index.v1.get(call) or v1_default or ""
    try:
        if not v1:
            raise Refusal("the module imports no `tensorflow.compat.v1` alias and `tf` is taken")
        gen = Generator(v1, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f),
                        lambda n: index.paths.get(n), finder.scopes)
        return list_join(finder, gen, body, i, api, bind_join(call, api), _comment_lines)
    except Refusal as exc:
        if "is not a call of a function" in str(exc) or "neither a name nor" in str(exc):
            raise refused from None
        raise Refusal(f"{refused}; nor is it a list of pipelines one function makes each: {exc}") from None


def _batch_helpers(module, index, scopes, finder, v1, fresh, notes, outcomes, removed, replaced, begin, commit,
                   requests=None) -> set[cst.CSTNode]:
    """Pipelines whose batch is made in a batch helper: each caller makes its element dataset, the helper batches
    it. Returns the helper's batch statements, which the per-batch pass then leaves to this one."""
    sites: dict[cst.FunctionDef, list[tuple[list[cst.BaseStatement], int, cst.Call]]] = {}
    homes: dict[cst.FunctionDef, ForeignHelper] = {}  # helpers of other modules of a tree (``foreign_batch.py``)
    instances: dict[int, cst.ClassDef] = {}  # ``Batch().train(...)``: the calls' ``.train`` (``instance_helper``)
    for body in index.blocks:
        for i, stmt in enumerate(body):
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
            if not isinstance(value, cst.Call):
                continue
            fn = scopes.module_function(stmt, value.func.value) if isinstance(value.func, cst.Name) else \
                method_helper(scopes, stmt, value)  # (``self.batch(...)``: a method of the caller's class)
            if fn is None and isinstance(value.func, cst.Attribute) and \
                    (made := instance_helper(finder, scopes, stmt, value)) is not None:
                fn = made[0]  # (``Batch().train(image, label)``: a method of an object made for it)
                instances[id(value.func)] = made[1]
            elif fn is None and isinstance(value.func, cst.Attribute) and finder.external is not None and \
                    (home := foreign_instance_helper(finder, stmt, value)):
                homes[home.fn] = home  # (its class of another module of the tree)
                sites.setdefault(home.fn, []).append((body, i, value))
                continue
            if fn is None and finder.external is not None and (home := foreign_batch_helper(finder, value)):
                homes[home.fn] = home
                sites.setdefault(home.fn, []).append((body, i, value))
            elif fn is not None and batches_its_parameters(finder, fn):
                sites.setdefault(fn, []).append((body, i, value))
    done: set[cst.CSTNode] = set()
    for fn, calls in sites.items():
        lines = [index.lines.get(body[i], 0) for body, i, _ in calls]
        home = homes.get(fn)
        many = enqueues_many(home.finder if home else finder, fn)
        try:
            helper = batch_helper(home.finder, home.finder.scopes, fn) if home else batch_helper(finder, scopes, fn)
            if home is None and helper.method:
                cls = scopes.scope(fn).node
                uses = method_callers(finder, fn, cls, f"`{fn.name.value}` is a method of `{cls.name.value}`",
                                      objects={i for i, c in instances.items() if c is cls})
                if len(uses) != len(calls) or {id(u) for u in uses} != {id(c.func) for _, _, c in calls}:
                    raise Refusal(f"`{fn.name.value}` is also used beyond the calls that make its tensors")
            elif home is None and len(scopes.callers(fn)) != len(calls):
                raise Refusal(f"`{fn.name.value}` is also used beyond the calls that make its tensors")
            gen = Generator(v1, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f),
                            lambda n: index.paths.get(n), finder.scopes)
            if not v1:
                raise Refusal("the module imports no `tensorflow.compat.v1` alias and `tf` is taken")
            gen.takes_passed = True  # (a file queue handed in or returned by a helper: passed_queue.py)
            plans = []
            for body, i, call in calls:
                pipeline, kept = site_pipeline(finder, helper, body, i, call)
                new, dataset, accepted = gen.elements(pipeline, rows=True)
                plans.append((body, i, call, pipeline, kept, new, dataset, accepted))
            new_fn = rewrite_helper(helper, gen.batches, v1) if home is None else \
                rewrite_helper(helper, home_generator(home).batches, home.v1)
            if any(old in removed or old in replaced for old in [*gen.passed_files, *gen.foreign_files]):
                raise Refusal("a caller's file queue is taken by another rewrite")
            if gen.foreign_files and requests is None:
                raise Refusal("the file queue's producer is in another module, which only a tree's migration changes")
        except Refusal as exc:
            if many:  # (groups of rows; in-memory arrays are the batch's own rewrite, ``in_memory.py``, which
                continue  # says why where it cannot)
            for line in lines:
                notes.append(Note(line, f"`{fn.name.value}` (a batch helper) pipeline left unchanged: {exc}"))
                outcomes.append(PipelineOutcome(line, "train.batch", False, str(exc)))
            continue
        apis = sorted({a.rsplit(".", 1)[-1] for _, a, _ in helper.batch_stmts})
        if helper.queue is not None:  # a hand-built queue's batch (``batch_helper._queue_helper``)
            apis = sorted({helper.queue, "QueueRunner", *(s.body[0].value.func.attr.value
                                                          for s, _, _ in helper.batch_stmts)})
        snap = begin()
        readers: set[cst.FunctionDef] = set()
        replaced.update(gen.passed_files)  # the producers: datasets of file names (passed_queue.py)
        if requests is not None:  # (of another module: the tree writes them there)
            requests.extend((old, stmts, lines[0]) for old, stmts in gen.foreign_files.items())
            replaced.update(gen.foreign_files)  # (not of this module: an undone rewrite takes them back)
        for (body, i, call, pipeline, kept, new, dataset, accepted), line in zip(plans, lines):
            stmt = body[i]
            small = stmt.body[0]
            removed.update(_moved(pipeline))
            replaced.update({k: [v] for k, v in source_news(pipeline.source).items()})
            if pipeline.source.helper is not None and pipeline.source.helper.external and requests is not None:
                requests.append((pipeline.source.helper.fn, pipeline.source.helper.new_fn, line))
            elif pipeline.source.helper is not None:
                replaced[pipeline.source.helper.fn] = [pipeline.source.helper.new_fn]
                readers.add(pipeline.source.helper.fn)
            comment = (f"tfdata-bridge migrate: {', '.join(sorted({*apis, *gen._source_apis(pipeline)}))} rewritten "
                       f"to tf.data; `{fn.name.value}` batches the dataset")
            if accepted:
                comment += "; accepted: " + "; ".join(accepted)
            kept_comments = comments_in(pipeline.source.statements)
            if kept_comments:
                new[-1] = new[-1].with_changes(leading_lines=[*comment_lines(kept_comments), *new[-1].leading_lines])
            lead = _lead(stmt, body, removed)
            new[0] = new[0].with_changes(leading_lines=[*lead, *_comment_lines(comment), *new[0].leading_lines])
            out = small.with_changes(value=rewrite_call(helper, call, kept, dataset))
            replaced[stmt] = [*new, stmt.with_changes(body=[out], leading_lines=())]
            notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
            outcomes.append(PipelineOutcome(line, f"train.{apis[0]}", True, comment.split(": ", 1)[1]))
        done |= {s for s in helper.removed if isinstance(s, cst.SimpleStatementLine)}  # (its queue: not the
        if home is None:                                                  # hand-built-queue pass's to refuse)
            replaced[fn] = [new_fn]
            done |= {s for s, _, _ in helper.batch_stmts}
        elif requests is not None:  # the tree turns it in its module, where every use asked for this same function
            requests.extend((fn, new_fn, line) for line in lines)
        commit(snap, readers)
    return done


def _gone_from_functions(replaced, functions) -> set[int]:
    """Ids of the statements a rewritten function (a reader helper as a function of its record) no longer has."""
    gone: set[int] = set()
    pairs = [(old, new) for old, new in replaced.items() if isinstance(old, cst.FunctionDef)]
    pairs += [(old, new if isinstance(new, list) else [new] if new is not None else [])
              for old, new in (functions or {}).items()]
    for old, new in pairs:
        kept = {id(n) for fn in new for n in nodes_of(fn, cst.SimpleStatementLine)}
        gone |= {id(n) for n in nodes_of(old, cst.SimpleStatementLine)} - kept
    return gone


def _source_choice(finder, module, index, body, i, arms, v1, fresh, removed, replaced, notes, outcomes, begin, commit,
                   requests) -> bool:
    """A batch whose elements an ``if`` / ``elif`` chain makes, each arm its own source (``choice.source_arms``:
    ``label, x = read_tfrecord(queue)`` or ``read_csv(queue)`` by a format flag): each arm's pipeline found as if
    its statement stood where the ``if`` does, each made its own chain (its file names, its reader's dataset, its
    map, the one batch), and the ``if`` kept where the batch was, each arm binding the batch's names from its
    chain. Which arm runs is still decided where the graph is built, as it was. ``Refusal`` (nothing changed)
    where an arm is no pipeline the rewrite takes while another is, or a test is a tensor; False (nothing changed)
    where no arm is one (the ``if`` chooses no source)."""
    chooser, stmts = arms
    stmt = body[i]
    small = stmt.body[0]
    line = index.lines.get(stmt, 0)
    code = module.code_for_node
    where = index.lines.get(chooser)
    at = f"`if {code(chooser.test).strip()}`" + (f" (line {where})" if where else "")
    j = next(k for k, b in enumerate(body) if b is chooser)
    made, failed = [], []
    try:
        for arm in stmts:
            finder.other_arms = frozenset(id(n) for other in stmts if other is not arm
                                          for n in nodes_of(other, cst.Name))
            try:
                pipeline = finder.pipeline([*body[:j], arm, *body[j + 1:]], i)
                refuse_inner_batches(pipeline, index.paths, BATCHES, JOINS)
                gen = Generator(v1, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f),
                                lambda n: index.paths.get(n), finder.scopes)
                gen.takes_passed = True
                new, get_next, comment = gen.statements(pipeline)
            except Refusal as exc:
                failed.append((arm, exc))
                continue
            if pipeline.source.kind == "dataset" or gen.returned_helper is not None:
                raise Refusal(f"the reader is chosen by {at}; an arm whose source is a dataset or a helper returning "
                              "producers is not rewritten as a choice")
            if any(old in removed or old in replaced for old in [*gen.passed_files, *gen.foreign_files]):
                raise Refusal("a caller's file queue is taken by another rewrite")
            if (gen.foreign_files or pipeline.source.foreign or
                    pipeline.source.helper is not None and pipeline.source.helper.external) and requests is None:
                raise Refusal("a reader helper of another module, which only a tree's migration changes")
            made.append((pipeline, gen, new, get_next, comment))
    finally:  # (the other arms' reads count again)
        finder.other_arms = frozenset()
    if not made:
        return False
    found = tensor_test(finder, chooser)
    if found is not None:
        raise Refusal(f"the reader is chosen by {at}, whose test reads `{code(found).strip()}`: a tensor, not a Python "
                      "value, so which reader runs is no choice made once where the graph is built")
    if failed:
        arm, exc = failed[0]
        raise Refusal(f"the reader is chosen by {at}, and its arm `{code(arm).strip()}` is no pipeline the rewrite "
                      f"takes: {exc}")
    snap = begin()
    blocks = []
    helpers: set = set()
    uses: dict[int, int] = {}  # (each helper of this module: how many arms call it, all its calls here)
    for pipeline, gen, new, get_next, comment in made:
        removed.update(_moved(pipeline))
        replaced.update({k: [v] for k, v in source_news(pipeline.source).items()})
        replaced.update(gen.passed_files)
        if gen.foreign_files:
            requests.extend((old, new_stmts, line) for old, new_stmts in gen.foreign_files.items())
            replaced.update(gen.foreign_files)
        _take_helpers(pipeline, replaced, requests, line)
        helpers |= _own_helpers(pipeline)
        for fn in _own_helpers(pipeline):
            uses[id(fn)] = uses.get(id(fn), 0) + 1
        kept = [c for c in comments_in([*pipeline.source.statements, small.value])
                if c not in comments_in([stmt.with_changes(body=[])])]
        if kept:
            new[-1] = new[-1].with_changes(leading_lines=[*comment_lines(kept), *new[-1].leading_lines])
        said = comment + "; the condition chooses the reader (a chain for each arm)"
        new[0] = new[0].with_changes(leading_lines=[*_comment_lines(said), *new[0].leading_lines])
        blocks.append([*new, stmt.with_changes(body=[small.with_changes(value=get_next)], leading_lines=())])
        notes.append(Note(line, said.split(": ", 1)[1], kind="info"))
        outcomes.append(PipelineOutcome(line, index.paths.get(small.value), True, said.split(": ", 1)[1]))
    removed.add(chooser)

    def rebuilt(node, k):
        if isinstance(node, cst.Else):
            return node.with_changes(body=node.body.with_changes(body=blocks[k]))
        other = node.orelse
        return node.with_changes(body=node.body.with_changes(body=blocks[k]),
                                 orelse=rebuilt(other, k + 1) if other is not None else None)

    lead = _lead(stmt, body, removed)
    replaced[stmt] = [rebuilt(chooser, 0).with_changes(leading_lines=lead)]
    commit(snap, helpers, max(uses.values()) if uses else None)
    return True


def _take_helpers(pipeline: Pipeline, replaced, requests, line: int) -> None:
    """The pipeline's reader helper becomes a function of the record (here, or, of another module, by the tree's
    ``requests``), and the reader methods of other modules it inlined go there."""
    for branch in pipeline.source.branches:  # a join's lists, each its own pipeline (branch_joins.py)
        _take_helpers(branch, replaced, requests, line)
    if requests is not None:  # reader methods of other modules' classes, inlined here: they go there
        requests.extend((fn, None, line) for fn in pipeline.source.foreign)
    if pipeline.source.helper is not None and pipeline.source.helper.external:
        if requests is None:
            raise AssertionError("a helper of another module without a tree")  # external implies a tree
        requests.append((pipeline.source.helper.fn, pipeline.source.helper.new_fn, line))
    elif pipeline.source.helper is not None:
        replaced[pipeline.source.helper.fn] = [pipeline.source.helper.new_fn]


def _own_helpers(pipeline: Pipeline) -> set[cst.FunctionDef]:
    """This module's reader helper the pipeline rewrote (for ``_undo_uncovered_helpers``)."""
    if pipeline.source.branches:  # a join's lists, each its own pipeline (branch_joins.py)
        return set().union(*(_own_helpers(b) for b in pipeline.source.branches))
    helper = pipeline.source.helper
    return {helper.fn} if helper is not None and not helper.external else set()


def _runner_queues(index, finder, module, v1, fresh, removed, replaced, notes, outcomes, feed_refusals,
                   begin=None, commit=None, requests=None, skip=frozenset()) -> None:
    """Hand-built queues filled by ``[enqueue_op] * k`` and read by ``dequeue_many`` (``runner_queue.py``); a
    reader helper that takes the file queue becomes a function of the record, as for a batch call. ``skip``: the
    statements another pass took (a batch helper's queue)."""
    for body in index.blocks:
        for stmt in body:
            if not isinstance(stmt, cst.SimpleStatementLine) or stmt in removed or stmt in replaced or stmt in skip:
                continue
            line = index.lines.get(stmt, 0)
            try:
                found = runner_queue(finder, body, stmt, module.code_for_node)
                if found is None:
                    continue
                prefix = index.v1.get(stmt.body[0].value) or v1
                if not prefix:
                    raise Refusal("the module imports no `tensorflow.compat.v1` alias and `tf` is taken")
                gen = Generator(prefix, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f),
                                lambda n: index.paths.get(n), finder.scopes)
                if found.single:  # a RandomShuffleQueue read one element at a time
                    new, get_next, comment = single_statements(gen, found)
                else:
                    new, get_next, comment = gen.statements(found.pipeline)
            except Refusal as exc:
                kind = (index.paths.get(stmt.body[0].value) or "FIFOQueue").rsplit(".", 1)[-1]
                feed_refusals[:] = [f for f in feed_refusals if f[0] is not stmt]
                feed_refusals.append((stmt, Note(line, f"`tf.compat.v1.{kind}` left: {exc}"),
                                      PipelineOutcome(line, kind, False, str(exc))))
                continue
            moved = [*_moved(found.pipeline), *found.removed]
            if any(m in removed or m in replaced for m in [*moved, *found.news]):
                continue
            snap = begin() if begin is not None else None
            removed.update(moved)
            _take_helpers(found.pipeline, replaced, requests, line)
            head, tail = comment.removeprefix("tfdata-bridge migrate: ").split(" rewritten to tf.data", 1)
            method = found.dcall.func.attr.value
            apis = {found.kind, "QueueRunner", method, *head.split(", ")} - {"batch", "shuffle_batch"}
            comment = f"tfdata-bridge migrate: {', '.join(sorted(apis))} rewritten to tf.data{tail}"
            if found.dropped_note:
                comment += f"; {found.dropped_note}"
            dequeue = found.dequeue
            lead = _lead(dequeue, body, removed) if dequeue in body else list(dequeue.leading_lines)
            new[0] = new[0].with_changes(leading_lines=[*lead, *_comment_lines(comment), *new[0].leading_lines])
            small = dequeue.body[0]
            replaced[dequeue] = [*new, dequeue.with_changes(body=[small.with_changes(value=get_next)],
                                                            leading_lines=())]
            replaced.update({old: [changed] for old, changed in found.news.items()})
            notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
            outcomes.append(PipelineOutcome(line, found.kind, True, comment.split(": ", 1)[1]))
            if commit is not None:
                commit(snap, _own_helpers(found.pipeline))


def _once_filled(index, module, v1, removed, replaced, notes, outcomes, feed_refusals, finder=None) -> None:
    """A FIFOQueue filled once from constants by one run of its enqueue, then read (``once_filled.py``)."""
    from tfdata_bridge._src.migrate.once_filled import once_filled
    from tfdata_bridge._src.migrate.size_drain import size_drained

    for body in index.blocks:
        for stmt in body:
            if not isinstance(stmt, cst.SimpleStatementLine) or stmt in removed or stmt in replaced:
                continue
            line = index.lines.get(stmt, 0)
            kind = "FIFOQueue"
            try:
                prefix = index.v1.get(stmt.body[0].value) if isinstance(stmt.body[0], cst.Assign) else None
                if isinstance(stmt.body[0], cst.Assign):
                    kind = (index.paths.get(stmt.body[0].value) or "FIFOQueue").rsplit(".", 1)[-1]
                drained = size_drained(index, module, body, stmt, prefix or v1, module.code_for_node)
                if drained is not None and not (prefix or v1):
                    raise Refusal("the module imports no `tensorflow.compat.v1` alias and `tf` is taken")
                if drained is not None:  # (the feed pass's note on the queue is no refusal now)
                    if _size_drained(drained, body, line, removed, replaced, notes, outcomes, kind):
                        feed_refusals[:] = [f for f in feed_refusals if f[0] is not stmt]
                    continue
                found = once_filled(index, module, body, stmt, prefix or v1, module.code_for_node, finder)
                if found is not None and not (prefix or v1):
                    raise Refusal("the module imports no `tensorflow.compat.v1` alias and `tf` is taken")
            except Refusal as exc:
                feed_refusals[:] = [f for f in feed_refusals if f[0] is not stmt]
                feed_refusals.append((stmt, Note(line, f"`tf.compat.v1.{kind}` left: {exc}"),
                                      PipelineOutcome(line, kind, False, str(exc))))
                continue
            if found is None:
                from tfdata_bridge._src.migrate.session_queues import session_driven

                why = session_driven(module, index, stmt)  # (driven from the session: a data structure)
                if why is not None:
                    why += f"; `migrate --to compat` runs it unchanged through the drop-in"
                    feed_refusals[:] = [f for f in feed_refusals if f[0] is not stmt]
                    feed_refusals.append((stmt, Note(line, f"`tf.compat.v1.{kind}` left: {why}"),
                                          PipelineOutcome(line, kind, False, why)))
                continue
            gone = [found.queue, found.enqueue] + ([found.run] if found.iterator is None else []) + \
                list(found.closed or [])
            touched = [*gone, found.dequeue, *(found.sizes or {})] + ([found.run] if found.iterator else [])
            if any(g in removed or g in replaced for g in touched):
                continue
            removed.update(gone)
            small = found.dequeue.body[0]
            lead = _lead(found.dequeue, body, removed)
            target = small.targets if found.target is None else [cst.AssignTarget(cst.parse_expression(
                found.target))]
            if found.iterator is None:
                replaced[found.dequeue] = [found.dequeue.with_changes(
                    body=[small.with_changes(targets=target, value=cst.parse_expression(found.text))],
                    leading_lines=[*lead, *_comment_lines(found.comment)])]
            else:  # (the fill's run initializes the iterator: a logged constant is logged there, as legacy did)
                replaced[found.dequeue] = [
                    cst.parse_statement(f"{found.iterator} = {found.text}\n").with_changes(
                        leading_lines=[*lead, *_comment_lines(found.comment)]),
                    found.dequeue.with_changes(body=[small.with_changes(
                        targets=target, value=cst.parse_expression(f"{found.iterator}.get_next()"))])]
                op = found.enqueue.body[0].targets[0].target.value
                replaced[found.run] = [found.run.visit(_Rename(op, f"{found.iterator}.initializer"))]
            for holder, new in (found.sizes or {}).items():
                replaced[holder] = [new]
            notes.append(Note(line, found.comment.split(": ", 1)[1], kind="info"))
            outcomes.append(PipelineOutcome(line, "FIFOQueue", True, found.comment.split(": ", 1)[1]))


def _size_drained(found, body, line, removed, replaced, notes, outcomes, kind) -> bool:
    """A queue each of whose fills is drained by size (``size_drain.py``): its statements replaced, its ``size()``
    reads made the count its fills set."""
    touched = [found.queue, found.enqueue, found.dequeue]
    if any(g in removed or g in replaced for g in [*touched, *found.sizes]):
        return False
    lead = _lead(found.queue, body, removed)
    first, *rest = [cst.parse_statement(t + "\n") for t in found.new_queue]
    replaced[found.queue] = [first.with_changes(leading_lines=[*lead, *_comment_lines(found.comment)]), *rest]
    small = found.enqueue.body[0]
    replaced[found.enqueue] = [found.enqueue.with_changes(body=[small.with_changes(
        value=cst.parse_expression(found.new_enqueue))])]
    taken, *rest = [cst.parse_statement(t) for t in found.new_dequeue]
    replaced[found.dequeue] = [taken.with_changes(leading_lines=found.dequeue.leading_lines), *rest]
    for call in found.sizes:
        replaced[call] = [cst.Name(found.rows)]
    notes.append(Note(line, found.comment.split(": ", 1)[1], kind="info"))
    outcomes.append(PipelineOutcome(line, kind, True, found.comment.split(": ", 1)[1]))
    return True


class _Rename(cst.CSTTransformer):
    """Every use of a name becomes an expression (the fill op's run: the iterator's initializer's)."""

    def __init__(self, name: str, text: str):
        super().__init__()
        self.name, self.text = name, text

    def leave_Name(self, original, updated):
        return cst.parse_expression(self.text) if original.value == self.name else updated


def _direct_dequeues(index, finder, module, v1, fresh, removed, replaced, notes, outcomes, skip=frozenset()
                     ) -> None:
    """``x = producer.dequeue()`` that no rewritten pipeline took: one element per run, from an iterator. Not
    where its elements reach a legacy batch, join or queue left in the module (``reached_consumer``): that consumer
    reads the producer in step with its other sources, which the producer rewritten alone would not be."""
    left = None
    for body in index.blocks:
        for stmt in body:
            if not isinstance(stmt, cst.SimpleStatementLine) or stmt in removed or stmt in replaced or \
                    id(stmt) in skip:
                continue
            line = index.lines.get(stmt, 0)
            try:
                found = direct_dequeue(finder, stmt, v1, module.code_for_node, line, fresh) or \
                    direct_dequeue_group(finder, stmt, v1, module.code_for_node, fresh)  # (dequeue_groups.py)
                if found is not None and not v1:
                    raise Refusal("the module imports no `tensorflow.compat.v1` alias and `tf` is taken")
                looped = loop_read_reason(finder, stmt, found[0]) if found is not None else None
                if looped is not None:  # (a dequeue in a loop, its producer before it: loop_reads.py)
                    raise Refusal(looped)
            except Refusal as exc:
                notes.append(Note(line, f"`dequeue` left: {exc}"))
                outcomes.append(PipelineOutcome(line, "dequeue", False, str(exc)))
                continue
            if found is None:
                continue
            gone, new, comment = found
            if any(g in removed or g in replaced for g in gone):
                continue
            if left is None:
                left = _consumers_left(index, removed, replaced)
            taker = reached_consumer(finder.scopes, module, stmt, left, finder.external, _CONSUMERS, index.lines)
            if taker is not None:  # (the batch left pairs it with what else it takes: rewritten alone, it would not)
                why = (f"{REACHES} {taker}, "
                       "which is left (the note there says why): rewritten alone, the producer would no longer be "
                       "read in step with what that batch takes, so it stays legacy with it")
                notes.append(Note(line, f"`dequeue` left: {why}"))
                outcomes.append(PipelineOutcome(line, "dequeue", False, why))
                continue
            removed.update(gone)
            lead = _lead(stmt, body, removed)
            replaced[stmt] = [new[0].with_changes(leading_lines=[*lead, *_comment_lines(comment)]), *new[1:]]
            notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
            outcomes.append(PipelineOutcome(line, "train." + comment.split(": ", 1)[1].split(" ", 1)[0], True,
                                            comment.split(": ", 1)[1]))


def _read_groups(index, finder, module, v1, fresh, removed, replaced, notes, outcomes, skip=frozenset(),
                 requests=None) -> None:
    """A reader's ``read`` / ``read_up_to`` with no batch after it (``read_groups.py``), where no legacy batch,
    join or queue is left in the module to consume it."""
    if not v1:
        return
    for body in index.blocks:
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine) and stmt not in removed and stmt not in replaced and any(
                    (index.paths.get(c) or "").rsplit(".", 1)[-1] in _CONSUMERS for c in nodes_of(stmt, cst.Call)):
                return
    gen = Generator(v1, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f), lambda n: index.paths.get(n),
                    finder.scopes)
    # the statements of a function a rewrite removed (a reader method inlined into its caller's pipeline) or
    # replaced (a reader helper made a function of the record): a change inside it would be lost
    inside_removed = {id(s) for fn in [*removed, *replaced] if isinstance(fn, cst.FunctionDef)
                      for s in nodes_of(fn, cst.SimpleStatementLine)}
    for body in index.blocks:
        for i, stmt in enumerate(body):
            if stmt in removed or stmt in replaced or id(stmt) in skip or id(stmt) in inside_removed:
                continue
            # (a file queue handed in: each caller's producer becomes the dataset of its file names, passed_queue.py)
            gen.passed_files, gen.foreign_files, gen.takes_passed = {}, {}, True
            try:
                found = read_groups(body, i, finder, gen)
                if found is not None and gen.foreign_files and requests is None:
                    raise AssertionError("a caller of another module without a tree")
            except TurnRefusal as exc:  # (a loop's turns or a function's calls: said at the read)
                if any(g in removed or g in replaced for g in exc.made):
                    continue  # (another rewrite took the producer or the reader)
                line = index.lines.get(stmt, 0)
                api = module.code_for_node(stmt.body[0].value.func).strip()
                notes.append(Note(line, f"`{api}` pipeline left unchanged: {exc}"))
                outcomes.append(PipelineOutcome(line, api, False, str(exc)))
                continue
            except Refusal:
                continue  # (the reader is left: ``_left_alone`` says so)
            if found is None:
                continue
            gone, new, comment, hoisted = found
            if any(g in removed or g in replaced for g in [*gone, *gen.passed_files, *gen.foreign_files]):
                continue
            line = index.lines.get(stmt, 0)
            handed = dict(gen.passed_files), dict(gen.foreign_files)
            if hoisted is not None or loop_read_reason(finder, stmt, gone) is None:
                replaced.update(handed[0])  # the callers' producers: datasets of file names
                if requests is not None:  # (callers of other modules: the tree writes theirs there)
                    requests.extend((old, stmts, line) for old, stmts in handed[1].items())
                    replaced.update(handed[1])  # (not of this module: an undone rewrite takes them back)
            # the comments at the ends of the statements that go (``# list of files to read``) stay, with the dataset
            kept = comments_in([s.with_changes(leading_lines=()) for s in [*gone, stmt]
                                if isinstance(s, cst.SimpleStatementLine)])
            if hoisted is not None:  # the dataset where the producer and reader were, the read its next element
                at, first = hoisted
                removed.update(g for g in gone if g is not at)
                first[0] = first[0].with_changes(leading_lines=[*at.leading_lines, *_comment_lines(comment),
                                                                *comment_lines(kept)])
                replaced[at] = first
                new[0] = new[0].with_changes(leading_lines=list(stmt.leading_lines))
                replaced[stmt] = new
                notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
                outcomes.append(PipelineOutcome(line, "read", True, comment.split(": ", 1)[1]))
                continue
            looped = loop_read_reason(finder, stmt, gone)
            if looped is not None:  # (a read in a loop, its queue before it: loop_reads.py)
                notes.append(Note(line, f"`read` left: {looped}"))
                outcomes.append(PipelineOutcome(line, "read", False, looped))
                continue
            removed.update(gone)
            new[0] = new[0].with_changes(leading_lines=[*_lead(stmt, body, removed), *_comment_lines(comment),
                                                        *comment_lines(kept)])
            replaced[stmt] = new
            notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
            outcomes.append(PipelineOutcome(line, "read", True, comment.split(": ", 1)[1]))


def _consumers_left(index, removed, replaced) -> list[cst.SimpleStatementLine]:
    """The statements left in the module (not removed or replaced by a rewrite) calling a legacy batch, join or
    queue."""
    return [stmt for body in index.blocks for stmt in body
            if isinstance(stmt, cst.SimpleStatementLine) and stmt not in removed and stmt not in replaced and any(
                (index.paths.get(c) or "").rsplit(".", 1)[-1] in _CONSUMERS for c in nodes_of(stmt, cst.Call))]


def _direct_slices(index, finder, module, v1, fresh, removed, replaced, notes, outcomes, skip=frozenset()) -> None:
    """A ``slice_input_producer`` read directly, one slice per run (``tensors.direct_slices``), where no legacy
    batch, join or queue is left in the module to take its tensors."""
    if not v1:
        return
    left = _consumers_left(index, removed, replaced)
    gen = Generator(v1, module.code_for_node, fresh, lambda f: _fixed_len_only(index, f), lambda n: index.paths.get(n),
                    finder.scopes)
    inside_removed = {id(s) for fn in [*removed, *replaced] if isinstance(fn, cst.FunctionDef)
                      for s in nodes_of(fn, cst.SimpleStatementLine)}
    for body in index.blocks:
        for stmt in body:
            if not isinstance(stmt, cst.SimpleStatementLine) or stmt in removed or stmt in replaced or \
                    id(stmt) in skip or id(stmt) in inside_removed:
                continue
            line = index.lines.get(stmt, 0)
            try:
                found = direct_slices(finder, stmt, gen)
                if found is not None and left:
                    # (where a batch left takes these tensors, its note says why: ``_left_alone``)
                    if any(_feeds(finder.scopes, stmt, c) for c in left):
                        continue
                    raise Refusal(f"its slices are read directly (no batch takes them), but a legacy batch, join or "
                                  f"queue is left in the module (line {index.lines.get(left[0], 0)}); the direct "
                                  "read is rewritten only where none is")
            except Refusal as exc:
                notes.append(Note(line, f"`train.slice_input_producer` left: {exc}"))
                outcomes.append(PipelineOutcome(line, "train.slice_input_producer", False, str(exc)))
                continue
            if found is None:
                continue
            new, comment = found
            new[0] = new[0].with_changes(leading_lines=[*_lead(stmt, body, removed), *_comment_lines(comment),
                                                        *comment_lines(comments_in([stmt.with_changes(
                                                            leading_lines=())]))])
            replaced[stmt] = new
            notes.append(Note(line, comment.split(": ", 1)[1], kind="info"))
            outcomes.append(PipelineOutcome(line, "train.slice_input_producer", True, comment.split(": ", 1)[1]))


def _feeds(scopes: Scopes, stmt: cst.SimpleStatementLine, consumer: cst.SimpleStatementLine) -> bool:
    """Whether a name ``stmt`` binds is read, with the binding ``stmt`` made, in ``consumer``."""
    names = target_names(stmt.body[0].targets[0].target) or []
    inside = {id(n) for n in nodes_of(consumer, cst.Name)}
    return any(id(r) in inside for name in names for r in reaching_reads(scopes, stmt, name))


_CONSUMERS = {b.rsplit(".", 1)[-1] for b in (*BATCHES, *JOINS)} | {
    "FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue", "QueueRunner"}


def _undo_uncovered_helpers(groups, scopes, notes, outcomes, removed, replaced, requests=None) -> None:
    """A reader helper turned into a function of the record breaks any caller left reading a queue: unless the
    rewrites using it cover all its callers, they are undone, each with the reason. A helper of another module
    is the tree's to decide (``requests``)."""
    while True:
        users: dict[cst.FunctionDef, list[int]] = {}
        for g, group in enumerate(groups):
            for fn in group[4]:
                users.setdefault(fn, []).append(g)
        bad = next(((fn, gs) for fn, gs in users.items()
                    if len(scopes.callers(fn)) != sum(groups[g][5] for g in gs)), None)
        if bad is None:
            return
        fn, gs = bad
        why = (f"the reader helper `{fn.name.value}` is also called where no pipeline is rewritten; its reader "
               "lines cannot go for some callers alone")
        for g in sorted(gs, reverse=True):
            added_removed, added_replaced, note_ids, outcome_ids, _, _ = groups.pop(g)
            removed.difference_update(added_removed)
            for key in added_replaced:
                replaced.pop(key, None)
            for k in note_ids:
                if notes[k].kind == "info":
                    notes[k] = Note(notes[k].line, f"pipeline left unchanged: {why}")
            for k in outcome_ids:
                outcomes[k] = PipelineOutcome(outcomes[k].line, outcomes[k].api, False, why)
        replaced.pop(fn, None)


def _returned_prefetch(module: cst.Module, stmt: cst.CSTNode, queue: str) -> bool:
    """Whether the function holding ``stmt`` makes a ``QueueRunner`` and ends with ``return queue`` or returns its
    dequeue (``prefetch_helper.returned_queue``)."""
    from tfdata_bridge._src.migrate.prefetch_helper import returned_queue
    from tfdata_bridge._src.migrate.queue_size import parents

    up = parents(module)
    node = up.get(id(stmt))
    while node is not None and not isinstance(node, cst.FunctionDef):
        node = up.get(id(node))
    last = node.body.body[-1] if node is not None and isinstance(node.body, cst.IndentedBlock) else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if node is not None and (found := returned_queue(node)) is not None and found[1] == queue:
        return "QueueRunner(" in module.code_for_node(node)  # (``return queue.dequeue()``: a prefetch helper's)
    return isinstance(ret, cst.Return) and isinstance(ret.value, cst.Name) and ret.value.value == queue and \
        "QueueRunner(" in module.code_for_node(node)


def _left_alone(module: cst.Module, index: _Index, handled: list[cst.CSTNode], notes: list[Note],
                external=None, scopes: Scopes | None = None) -> list[Note]:
    """A note for each queue-pipeline API outside the rewritten pipelines that no refusal explains yet."""
    from tfdata_bridge._src.migrate.scanner import scan_source
    from tfdata_bridge._src.symbols import BY_PATH

    spans = [index.spans[s] for s in handled if s in index.spans]
    explained = {n.line for n in notes if n.kind == "refused"}
    left = []
    for f in scan_source(code_of(module)):
        sym = BY_PATH.get(f.api.removeprefix("tf.compat.v1."))  # None: a star import (not an API)
        if sym is None or sym.to_tfdata != "pipeline" or f.line in explained or any(a <= f.line <= b for a, b in spans):
            continue
        explained.add(f.line)
        left.append((f, sym))
    out = []
    for f, sym in left:  # the queues first: a reader's or producer's note may point at its queue's
        if "Queue" in sym.name:  # what fills it, where it is read, and what takes it out of every known form
            why = left_queue_reason(module, index, f.line, sym.name.rsplit(".", 1)[-1], external)
            out.append(Note(f.line, f"`{f.api}` left: {why}"))
    reasons = {n.line: n for n in [*notes, *out] if n.kind == "refused"}
    for f, sym in left:
        if "Queue" not in sym.name:  # part of a pipeline left for the reason said at another line, or passed on
            why = part_of_left_pipeline(module, index, f.line, reasons, scopes) or \
                "it is not part of a pipeline the rewrite recognises"
            out.append(Note(f.line, f"`{f.api}` left: {why}"))
    return sorted(out, key=lambda n: n.line)


def _imports_left_unused(module: cst.Module, index: _Index, removed: set[cst.CSTNode],
                         replaced: dict | None = None) -> list[cst.CSTNode]:
    """``import threading`` when the feed thread was its only use (a line ``replaced`` by lines that do not
    read it, the thread's line keeping its arguments, counts as gone)."""
    gone: set[int] = set()
    if any(n.value == "threading" for new in (replaced or {}).values() for s in new for n in nodes_of(s, cst.Name)):
        return []  # (a replacement reads it: a starter's idle thread, ``feed/starter.returned_on_self``)
    swapped = [old for old, new in (replaced or {}).items() if isinstance(old, cst.SimpleStatementLine)
               and not any(n.value == "threading" for s in new for n in nodes_of(s, cst.Name))]
    for stmt in [*removed, *swapped]:
        if isinstance(stmt, (cst.SimpleStatementLine, cst.For, cst.FunctionDef)):  # (a feed thread's loop)
            gone |= {id(n) for n in nodes_of(stmt, cst.Name)}
    out = []
    for stmt in module.body:
        if (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Import)
                and len(stmt.body[0].names) == 1 and stmt.body[0].names[0].asname is None
                and isinstance(stmt.body[0].names[0].name, cst.Name)
                and stmt.body[0].names[0].name.value == "threading"):
            refs = index.refs.get("threading", [])
            if refs and all(id(r) in gone for r in refs):
                out.append(stmt)
    return out



def _lead(stmt: cst.BaseStatement, body: list[cst.BaseStatement], removed: set[cst.CSTNode]) -> list[cst.EmptyLine]:
    """The lines before generated code: the statement's own, or one blank line unless it now opens its block."""
    if stmt.leading_lines:
        return list(stmt.leading_lines)
    before = body[: body.index(stmt)] if stmt in body else []
    return [] if all(b in removed for b in before) else [cst.EmptyLine(indent=False)]


def _drop_stage_helpers(module, finder, removed, replaced, notes) -> None:
    """This module's queue-stage helpers and methods (``queue_stages.py``) whose every call went with a rewritten
    pipeline (whichever rewrite took it): they go, with a note; one called elsewhere too stays (its queue is said
    where it is left)."""
    from tfdata_bridge._src.migrate.queue_size import parents
    from tfdata_bridge._src.migrate.queue_stages import is_stage_helper

    if not (removed or replaced) or ".dequeue(" not in code_of(module):
        return
    up = parents(module)

    def line(node: cst.CSTNode) -> int:
        at = finder.scopes.positions.get(node)
        return getattr(getattr(at, "start", None), "line", 0) or 0

    def gone(node: cst.CSTNode, name: str) -> bool:
        n = node
        while n is not None:
            if n in removed:
                return True
            if n in replaced:  # (its replacement calls it no more: its comment may still name it)
                return not any(m.value == name for r in replaced[n] for m in nodes_of(r, cst.Name))
            n = up.get(id(n))
        return False

    def uses(name: str, attribute: bool) -> list[cst.CSTNode]:
        out = []
        for n in nodes_of(module, cst.Attribute if attribute else cst.Name):
            if attribute and n.attr.value == name or not attribute and n.value == name and \
                    not isinstance(up.get(id(n)), (cst.FunctionDef, cst.Attribute, cst.Param)):
                out.append(n)
        return out

    candidates = [(fn, False) for fn in module.body if isinstance(fn, cst.FunctionDef)]
    candidates += [(fn, True) for cls in module.body if isinstance(cls, cst.ClassDef)
                   for fn in cls.body.body if isinstance(fn, cst.FunctionDef)]
    for fn, method in candidates:
        if fn in removed or fn in replaced or not is_stage_helper(finder, fn):
            continue
        name = fn.name.value
        found = uses(name, method)
        if found and all(gone(n, name) for n in found):
            removed.add(fn)
            what = "queue stage method" if method else "queue stage"
            notes.append(Note(line(fn), f"{what} `{name}` removed: every call of it went with a rewritten "
                                        "pipeline (a step of its chain)", kind="info"))


def _moved(p: Pipeline) -> list[cst.CSTNode]:
    extra = p.source.prefetch.removed if p.source.prefetch is not None else []
    return [*p.source.statements, *extra, *(p.originals if p.originals is not None else p.intermediates),
            *p.source.removes, *(n for stage in p.stages for n in stage.removes)]
