"""The tf.data code for one recognised ``Pipeline``, through the shared emitter (``compiler/emit.py``)."""

from __future__ import annotations

import ast

import re
from collections.abc import Callable
from dataclasses import replace

import libcst as cst

from tfdata_bridge._src import plan
from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.plan import printer
from tfdata_bridge._src.migrate import graph_mode, queue_shapes
from tfdata_bridge._src.migrate.branch_joins import branch_apis, chosen_source
from tfdata_bridge._src.migrate.sparse_pad import sparse_components
from tfdata_bridge._src.migrate.calls import Refusal, is_none, literal_bool, names_in, nodes_of, target_names, \
    v1_prefix
from tfdata_bridge._src.migrate.comments import comment_leading_lines
from tfdata_bridge._src.migrate.hop_windows import hop_step, hops, keyed_hop_read
from tfdata_bridge._src.migrate.identity import identity_step
from tfdata_bridge._src.migrate.in_step import zipped_head
from tfdata_bridge._src.migrate.pipelines import Pipeline, check_flags
from tfdata_bridge._src.migrate.queue_stages import stage_notes, stage_steps
from tfdata_bridge._src.migrate.packed_lists import packed
from tfdata_bridge._src.migrate.returned_lists import returned_elements
from tfdata_bridge._src.migrate.reader_counts import COUNTS
from tfdata_bridge._src.migrate.reader_setup import renamed, written_at_call_site
from tfdata_bridge._src.migrate.record_keys import keyed_read
from tfdata_bridge._src.migrate.tensors import PRODUCERS, Produced, elements_of
from tfdata_bridge._src.migrate.variable_rows import row_split, without_rows
from tfdata_bridge._src.migrate.walk import Visitor
from tfdata_bridge._src.migrate.whole_lists import listed_count, one_or_list, whole_head
from tfdata_bridge._src.symbols import reader_dataset


_BEFORE_STAGES = ("cross", "element")
_AFTER_STAGES = ("mix", "batch", "per_batch", "feed")


class Generator:
    """Writes the statements that replace a pipeline. ``code`` renders a node; ``fresh`` makes unused names."""

    def __init__(self, v1: str, code: Callable[[cst.CSTNode], str], fresh: Callable[[str], str],
                 feature_columns: Callable[[cst.BaseExpression], bool], api_of: Callable[[cst.CSTNode], str | None],
                 scopes=None):
        self.v1 = v1
        self.scopes = scopes  # the module's ``Scopes``: a name the pipeline reads, bound above it (sparse_pad.py)
        self.code = code
        self.fresh = fresh
        self.fixed_len_only = feature_columns
        self.api_of = api_of
        self.pending: list[cst.FunctionDef] = []  # functions the source's steps call, written before the dataset
        self.file_names: list[cst.BaseStatement] = []  # the dataset of file names a reader's dataset reads
        # a file queue handed in (passed_queue.py): each caller's producer statement -> its dataset of file names
        self.passed_files: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}
        self.returned_helper = None  # (a helper of another module, itself with datasets returned): tuple_producers.py
        self.foreign_files: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}  # (callers elsewhere)
        self.takes_passed = False  # set where the caller puts ``passed_files`` in (to_tfdata's batch pass)
        # set where the element is not a batch's components but values handed on whole (a choice's tails, whose
        # Python lists go as tuples: ``choice._as_tuples``): nothing packed (``packed_lists.py``)
        self.structured = False
        # ``read_up_to``'s groups read as they are (a choice's unbatched branch, ``choice.py``): only one reader's
        # files in sequence, each file's records grouped inside the interleave, as legacy's groups were
        self.groups_as_read = False

    def arg(self, p: Pipeline, name: str) -> str | None:
        node = p.args.get(name)
        return None if is_none(node) else self.code(node)

    def _as_tensor(self, s, value: cst.BaseExpression) -> str:
        """A slice producer's list entry as ``from_tensor_slices`` must take it: legacy converted each entry to a
        tensor, where tf.data reads a Python tuple as a structure (a caller's ``zip(*rows)`` columns, one
        component a row). An entry that is a parameter of the producer's function (bound nowhere else in it:
        caller of the module hands a tuple: ``names, labels = zip(*rows)``) is converted as legacy did; any other as
        written."""
        code = self.code(value)
        scope = self.scopes.scope(s.statements[0]) if self.scopes is not None and s.statements else None
        if isinstance(value, cst.Name) and scope is not None and value.value in scope.assignments:
            bound = list(scope.assignments[value.value])
            if len(bound) == 1 and isinstance(getattr(bound[0], "node", None), cst.Param) and \
                    bound[0].scope is scope and isinstance(scope.node, cst.FunctionDef) and \
                    self._handed_a_tuple(scope.node, value.value):
                return f"{self.v1}.convert_to_tensor({code})"
        return code

    def _handed_a_tuple(self, fn: cst.FunctionDef, param: str) -> bool:
        """Whether a call of ``fn`` in this module passes ``param`` a tuple: a tuple literal, ``tuple(...)``, or a
        name the caller binds once by unpacking ``zip(...)`` (each name a tuple)."""
        positional = [p.name.value for p in [*fn.params.posonly_params, *fn.params.params]]
        for name in self.scopes.callers(fn):
            where = self.scopes.scope(name)
            call = next((c for c in nodes_of(getattr(where, "node", None), cst.Call) if c.func is name), None) \
                if where is not None and not isinstance(where.node, cst.Module) else None
            for i, arg in enumerate(call.args if call is not None else ()):
                if arg.star or not (arg.keyword is not None and arg.keyword.value == param or arg.keyword is None
                                    and i < len(positional) and positional[i] == param):
                    continue
                handed = arg.value
                if isinstance(handed, cst.Name) and handed.value in where.assignments:
                    made = list(where.assignments[handed.value])
                    owner = self.scopes.owners.get(id(getattr(made[0], "node", None))) if len(made) == 1 else None
                    small = owner.body[0] if owner is not None and len(owner.body) == 1 else None
                    if isinstance(small, cst.Assign) and isinstance(small.targets[0].target, cst.Tuple) and \
                            isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Name) and \
                            small.value.func.value == "zip":
                        return True
                if isinstance(handed, cst.Tuple) or isinstance(handed, cst.Call) and \
                        isinstance(handed.func, cst.Name) and handed.func.value == "tuple":
                    return True
        return False

    # -- source ------------------------------------------------------------------------------------------------
    def source(self, p: Pipeline) -> tuple[list[cst.BaseStatement], str, list[str], list[str]]:
        """(helper statements, head, steps, accepted differences) for the pipeline's source."""
        s, v1 = p.source, self.v1
        if s.kind == "zip":  # sources read in step (in_step.py)
            return self._zipped(p)
        if s.kind == "choose":  # a join's lists, each its own pipeline (branch_joins.py)
            return chosen_source(self, p)
        if f"train.{s.producer}" in PRODUCERS:  # an input producer over a tensor, dequeued (tensors.py)
            elements = elements_of(Produced(s.producer, s.call, None), v1, self.code)
            return self._epochs(s.call, emit.from_tensor_slices(v1, elements),
                                f"{v1}.shape({elements}, out_type={v1}.int64)[0]", f"{s.producer}'s elements",
                                "elements_dataset", elements)
        if s.kind == "limit":  # a tensor made at each run, limit_epochs' count of times (limit_batch.py)
            return [], f"{v1}.data.Dataset.from_tensors(0)", emit.epoch_steps(None, None, self._opt(s.call, "num_epochs")), []
        if s.kind == "dataset" and s.passed is not None:  # a helper's returned producer (tuple_producers.py)
            if not self.takes_passed:
                raise Refusal(f"the file queue `{s.passed.param}` is returned by a helper; it is followed only "
                              "for a batch written in the function that dequeues it")
            return [], self.code(s.call["dataset"]), [], self._returned_files(s.passed)
        if s.kind == "dataset":  # a tf.data element batched by a legacy batch: the dataset goes on
            return [], self.code(s.call["dataset"]), [], []
        if s.kind == "slice" and (s.whole or s.indexed):  # a list of a length known only when the program runs (whole_lists.py)
            head, rows = whole_head(v1, self.code(s.call["tensor_list"]))
            return self._epochs(s.call, head, rows, "slices", "slices_dataset")
        if s.kind == "slice":
            tensors = [self._as_tensor(s, el.value) for el in s.call["tensor_list"].elements]
            head = emit.from_tensor_slices(v1, tensors[0] if len(tensors) == 1 else "(" + ", ".join(tensors) + ")")
            return self._epochs(s.call, head, f"{v1}.shape({tensors[0]}, out_type={v1}.int64)[0]", "slices",
                                "slices_dataset", tensors[0] if len(tensors) == 1 else None)
        if s.kind == "reader":
            computed: list[cst.BaseStatement] = []
            if s.setup is not None:  # the reader's arguments from values its function computed (reader_setup.py)
                rename = {n: self.fresh(n) for n in s.setup.names}
                computed = written_at_call_site(s.setup, {}, rename)
                s = replace(s, setup=None, reader_args={k: renamed(v, rename) for k, v in s.reader_args.items()},
                            call={k: renamed(v, rename) for k, v in s.call.items()})
                p = replace(p, source=s)
            if s.passed is not None and not self.takes_passed:
                raise Refusal(f"the file queue `{s.passed.param}` is a parameter; its callers' producers are "
                              "followed only for a batch written in the function that reads")
            if s.passed is not None:  # the callers make the datasets of file names, handed in (passed_queue.py)
                stmts, head, steps, notes = [], s.passed.param, [], self._passed_files(s.passed)
            else:
                files = self.code(s.call["string_tensor"])
                stmts, head, steps, notes = self._epochs(s.call, emit.from_tensor_slices(v1, files),
                                                         f"{v1}.size({files}, out_type={v1}.int64)", "files",
                                                         "files_dataset", files)
            direct = self._reader_of_files(p)
            if direct is None:
                if s.counts:
                    raise Refusal(f"the reader's `{s.counts[0][1]}()` is counted again only where one reader reads "
                                  "its files one after another")
                step = identity_step(p, v1) if s.reader == "IdentityReader" else self._reader_step(p)
                steps += [step] if step is not None else []
            elif s.passed is not None:  # (handed in: the reader's dataset takes it)
                if s.counts:
                    raise Refusal(f"the reader's `{s.counts[0][1]}()` is counted again only where the file names "
                                  "are made where the reader reads them")
                head, steps = direct(head), []
            else:  # the reader's dataset takes the dataset of file names itself (start-up: see _reader_of_files)
                name = self.fresh("file_names")  # (no "dataset" in it: tests find the chain by "dataset = (")
                self.file_names = [cst.parse_statement(f"{name} = {emit.chain(head, steps)}\n")]
                head, steps = direct(name), []
                for counted, method in s.counts:  # asked after the end of data (reader_counts.py)
                    what = direct(name) if COUNTS[method] == "records" else name
                    count = graph_mode.wrapped("lambda count, _: count + 1", v1)
                    reduce = f"reduce({v1}.constant(0, {v1}.int64), {count})"
                    self.file_names.append(cst.parse_statement(f"{counted} = {emit.chain(what, [reduce])}\n"))
                    again = "reading them again" if COUNTS[method] == "records" else "counting the file names again"
                    notes.append(f"`{counted}` counts the {COUNTS[method]} by {again}: run after the end of data, as "
                                 "here, legacy's reader had finished them all")
            if s.up_to is not None:  # read_up_to: the records in groups, which enqueue_many takes apart again
                # a group never spans two files (``ReaderBase::ReadUpTo`` returns what it has at a file's end): one
                # reader's files in sequence are batched per file inside the interleave (read_groups.py)
                one_reader = direct is None and s.prefetch is None and p.readers is None and steps and \
                    steps[-1].startswith("interleave(")
                if one_reader:
                    from tfdata_bridge._src.migrate.read_groups import _grouped
                    steps[-1] = _grouped(steps[-1], s.up_to)
                elif self.groups_as_read:
                    raise Refusal("`read_up_to`'s groups are read as they are in one branch, but the records do not "
                                  "come from one reader's files in sequence, where a group ends at each file's end; "
                                  "not rewritten (keep the queues: `--fallback compat`)")
                elif not literal_bool(p.args.get("enqueue_many"), False, "enqueue_many") and p.api != "read":
                    # each group one element of the batch: only groups that end at each file's end, as legacy's
                    raise Refusal("`read_up_to` batches without enqueue_many=True: legacy's groups end at each "
                                  "file's end, a tf.data batch over the records does not; not rewritten")
                else:
                    steps.append(emit.batch_step(s.up_to, False, False))
            if s.prefetch is not None:
                steps += self._prefetch_steps(p, notes)
                if s.prefetch.test is not None:  # the queue chosen by a branch: the chain, too (handbuilt.py)
                    head, steps = self._chosen_queue(s.prefetch, head, steps, notes)
            if s.helper is not None:  # the helper, now a function of the record, decodes each one
                h = s.helper
                if not h.external:
                    h.new_fn = graph_mode.run_as_written(h.new_fn, v1)
                else:  # (marked where it is used: checked all the same)
                    graph_mode.check_element_function(h.new_fn, h.new_fn.name.value)
                steps.append(self._helper_step(p))
            return [*computed, *stmts], head, steps, notes
        # py_func: a generator
        func = self.code(s.pyfunc["func"])
        gen = self.fresh(f"{func.rsplit('.', 1)[-1]}_elements" if func.replace(".", "").isidentifier() else "elements")
        bound: list[cst.BaseStatement] = []
        if isinstance(s.pyfunc["func"], cst.Lambda):
            call = f"({func})"  # a lambda is called in parentheses
        elif func.replace(".", "").isidentifier():
            call = func
        else:  # an expression (``make_sample_fn(source)``): py_func got its value once, where the graph was built
            call = self.fresh("produce")
            bound.append(cst.parse_statement(f"{call} = {func}  # evaluated once, as py_func took its function\n"))
        got = self.fresh("element")
        yielded = f"{got}[0] if isinstance({got}, (list, tuple)) else {got}" if s.one_of_list else \
            got if s.single else f"tuple({got})"
        helper = cst.parse_module(
            f"def {gen}():\n    # the py_func's function, called once per element, as the queue's runner did;\n"
            f"    # its StopIteration ends the data, as it closed the legacy queue\n"
            f"    while True:\n        try:\n            {got} = {call}()\n        except StopIteration:\n"
            f"            return\n        yield {yielded}\n"
        ).body[0]
        tout = s.pyfunc["Tout"]
        dtypes = [self.code(tout)] if s.single else [self.code(el.value) for el in tout.elements]
        if s.one_of_list:  # one output of a list: the tensor itself (py_func takes a bare value for it too)
            s = replace(s, single=True)
        # shapes= describe the batched tensors: the generator's own outputs only when nothing is between
        shapes_node = p.args.get("shapes") if queue_shapes.in_generator(p, self.code) else None
        if is_none(shapes_node) and s.set_shapes:  # (set by a loop after the py_func: ``pyfunc_shapes.py``)
            shapes = [self.code(e) for e in s.set_shapes]
        elif is_none(shapes_node):
            shapes = ["None"] * len(dtypes)
        elif isinstance(shapes_node, (cst.List, cst.Tuple)) and len(shapes_node.elements) == len(dtypes):
            shapes = [self.code(el.value) for el in shapes_node.elements]
        else:
            raise Refusal("shapes= is not a literal list with one shape per py_func output")
        specs = [emit.tensor_spec(v1, shape, dtype) for shape, dtype in zip(shapes, dtypes)]
        threads = self.arg(p, "num_threads")
        head = emit.generator_source(v1, gen, specs, s.single, threads)
        notes = [f"with num_threads={threads} the order across producer copies varies, as with the queue's threads"] \
            if threads not in (None, "1") else []
        return [*bound, helper], head, [], notes

    def _zipped(self, p: Pipeline) -> tuple[list[cst.BaseStatement], str, list[str], list[str]]:
        """The zip of the sources read in step, each source's chain as it would be alone."""
        stmts: list[cst.BaseStatement] = []
        chains: list[str] = []
        notes: list[str] = []
        file_names: list[cst.BaseStatement] = []
        for part in p.source.parts:
            self.file_names = []
            helpers, head, steps, accepted = self.source(replace(p, source=part))
            name = self.fresh(f"{part.params[0]}_elements" if part.params[0].isidentifier() else "elements")
            stmts += [*helpers, *self.file_names, cst.parse_statement(f"{name} = {emit.chain(head, steps)}\n")]
            chains.append(name)
            notes += accepted
        self.file_names = file_names
        head, steps = zipped_head(self.v1, chains, [len(part.params) for part in p.source.parts],
                                  lambda fn: graph_mode.wrapped(fn, self.v1))
        threads = self.arg(p, "num_threads")
        if p.source.racy:  # (several batch threads: legacy's pairing is a race, ``in_step._check_pairing``)
            notes.append(f"the {len(chains)} sources read in step become a zip: {p.source.racy}")
            return stmts, head, steps, notes
        notes.append(f"the {len(chains)} sources read in step become a zip: element i of each, as legacy's one "
                     "batch thread paired them")
        if threads not in (None, "1"):  # a parameter every call leaves at 1 (in_step.py, static_values.py)
            notes.append(f"`num_threads={threads}` is 1 at every call in the tree, so legacy paired them too")
        return stmts, head, steps, notes

    def _epochs(self, call, head: str, buffer: str, what: str, name: str, value: str | None = None
                ) -> tuple[list[cst.BaseStatement], str, list[str], list[str]]:
        """An input producer's epochs. Its ``shuffle`` as written: a literal picks the chain; any other value
        (``shuffle=is_training``, ``cfg.shuffle``) is read by Python, as the producer read it (``if shuffle:``
        in ``training/input.py``), so the shuffle step goes under the same ``if``. ``value``: the producer's
        values as written in ``head`` and ``buffer`` (named first where they call something)."""
        flag = call.get("shuffle")
        seed, epochs = self._opt(call, "seed"), self._opt(call, "num_epochs")
        given = call.get("string_tensor")
        if isinstance(given, cst.List) and len(given.elements) == 1 and isinstance(given.elements[0], cst.Element):
            flag = cst.Name("False")  # (one file's list shuffles to itself: ``[path]``, MNIST's two files)
        bound: list[cst.BaseStatement] = []
        shuffles = not (isinstance(flag, cst.Name) and flag.value == "False")
        if value is not None and shuffles and _calls(value, self.v1):
            # the shuffle buffer counts the producer's values: a call among them is made once, as the producer
            # made it once where the graph was built (not once for the dataset and once for its size)
            named = self.fresh(f"{what.split()[0].strip(chr(39))}_list" if what.split()[0].isidentifier() else "values")
            bound.append(cst.parse_statement(f"{named} = {value}\n"))
            head, buffer = head.replace(value, named), buffer.replace(value, named)
        note = f"each epoch is a fresh shuffle of the {what}, not legacy's permutation"
        if flag is None or isinstance(flag, cst.Name) and flag.value in ("True", "False"):
            shuffle = literal_bool(flag, True, "the producer's shuffle")
            return bound, head, emit.epoch_steps(buffer if shuffle else None, seed, epochs), [note] if shuffle else []
        source = self.fresh(name)
        shuffled = emit.epoch_steps(buffer, seed, None)[0]
        stmts = cst.parse_module(f"{source} = {head}\nif {self.code(flag)}:\n    {source} = {source}.{shuffled}\n").body
        return [*bound, *stmts], source, emit.epoch_steps(None, seed, epochs), [f"when {self.code(flag)}: {note}"]

    def _returned_files(self, returned) -> list[str]:
        """A helper's returned producers (elements of one ``return`` display: ``tuple_producers.py``) as the
        datasets of their file names: ``passed_files``, each element -> its new element; a helper of another
        module: ``returned_helper``, (the helper, the helper with its new elements) for the tree's requests."""
        notes: list[str] = []
        v1 = returned.home_v1 or self.v1
        new: dict[int, cst.BaseExpression] = {}
        for call, producer in returned.producers:
            files = self.code(call["string_tensor"])
            made, head, steps, said = self._epochs(call, emit.from_tensor_slices(v1, files),
                                                   f"{v1}.size({files}, out_type={v1}.int64)", "files",
                                                   "files_dataset", files)
            if made:
                raise Refusal("a producer returned by a helper, its `shuffle` a value read when the graph is built, "
                              "is not rewritten there")
            lines = [line.strip() for line in emit.chain(head, steps).splitlines()]
            if len(lines) > 2 and lines[0] == "(" and lines[-1] == ")":
                lines = lines[1:-1]
            new[id(producer)] = cst.parse_expression("".join(lines))
            notes += [n for n in said if n not in notes]
        elements = returned.ret.body[0].value.elements
        if returned.home_v1 is None:
            self.passed_files.update({el: [el.with_changes(value=new[id(el.value)])] for el in elements
                                      if id(el.value) in new})
            return notes
        display = returned.ret.body[0].value
        changed = display.with_changes(elements=[el.with_changes(value=new[id(el.value)]) if id(el.value) in new
                                                 else el for el in elements])
        self.returned_helper = (returned.fn, returned.fn.deep_replace(display, changed))
        return notes

    def _passed_files(self, passed) -> list[str]:
        """Each caller's producer, handed to the reading function, as the dataset of its file names (its epochs
        and shuffle as written), under the name the queue had: ``passed_files``, statement -> its new statements."""
        notes: list[str] = []
        for stmt, call, queue in passed.producers:
            home = passed.foreign.get(id(stmt))  # (a caller of another module: written with its module's alias)
            v1 = v1_prefix(home) if home is not None else self.v1
            if v1 is None:
                raise Refusal(f"the module of a caller handing `{passed.param}` imports no `tensorflow` to spell "
                              "the dataset of its file names with")
            code = home.code_for_node if home is not None else self.code
            files = code(call["string_tensor"])
            made, head, steps, said = self._epochs(call, emit.from_tensor_slices(v1, files),
                                                   f"{v1}.size({files}, out_type={v1}.int64)", "files",
                                                   "files_dataset", files)
            if home is not None and made:  # (names fresh in this module, not in the caller's)
                raise Refusal(f"a producer of another module handed as `{passed.param}` shuffles by a value read when "
                              "the graph is built (or by a call among its file names); not rewritten there")
            if isinstance(queue, cst.Call):  # made in the call: the dataset of names is written there
                if made:
                    raise Refusal("a producer made in the call to the function handed its queue, its `shuffle` a "
                                  "value read when the graph is built: bind it to a name first")
                if stmt in self.passed_files:
                    raise Refusal("two producers made in one statement's calls: bind each to a name first")
                lines = [line.strip() for line in emit.chain(head, steps).splitlines()]
                if len(lines) > 2 and lines[0] == "(" and lines[-1] == ")":
                    lines = lines[1:-1]  # (one line in the call's parentheses)
                (self.foreign_files if home is not None else self.passed_files)[stmt] = [
                    stmt.deep_replace(queue, cst.parse_expression("".join(lines)))]
                notes += [n for n in said if n not in notes]
                continue
            new = [*made, cst.parse_statement(f"{queue} = {emit.chain(head, steps)}\n")]
            new[0] = new[0].with_changes(leading_lines=stmt.leading_lines)
            (self.foreign_files if home is not None else self.passed_files)[stmt] = new
            notes += [n for n in said if n not in notes]
        return notes

    def _prefetch_steps(self, p: Pipeline, notes: list[str]) -> list[str]:
        """The per-element ops of the readers' loop, then the hand-built queue's shuffle."""
        q = p.source.prefetch
        steps = []
        enqueued = q.enqueued
        items = [el.value for el in enqueued.elements] if isinstance(enqueued, (cst.List, cst.Tuple)) else [enqueued]
        # (the enqueue converted each component: a list or tuple of tensors is one packed tensor, packed_lists.py)
        returned = ", ".join(packed(i, list(q.per_element), len(items) == 1, self.api_of, self.v1, self.code)
                             for i in items)
        if q.per_element or returned != q.value:
            fn = self.fresh("read_element")
            steps.append(emit.map_step(fn, None))
            self.pending.append(self._function(fn, [q.value], list(q.per_element), returned))
        if q.readers != "1":
            notes.append(_readers_note(q.readers))
        if q.kind == "RandomShuffleQueue" and q.test is None:
            steps.append(emit.shuffle_step(self.code(q.args["capacity"]), self._opt(q.args, "seed")))
            notes.append(f"the RandomShuffleQueue becomes shuffle({self.code(q.args['capacity'])}): it mixes over "
                         f"its whole capacity; min_after_dequeue"
                         f"{' ' + self.code(q.args['min_after_dequeue']) if 'min_after_dequeue' in q.args else ''}"
                         " only held back legacy's first dequeue")
        notes.extend(q.summaries)  # the queue's ``size()`` uses dropped (queue_size.py)
        return steps

    def _chosen_queue(self, q, head: str, steps: list[str], notes: list[str]) -> tuple[str, list[str]]:
        """A common queue chosen by ``if test:`` (handbuilt.py): each arm's step, a RandomShuffleQueue's
        ``shuffle(C)`` or nothing for a FIFOQueue, under the same test, read where legacy read it when the graph
        was built. A literal test (a flag its one call gives) takes its arm; arms with one step, that step."""
        arm_steps = [emit.shuffle_step(self.code(args["capacity"]), self._opt(args, "seed"))
                     if kind == "RandomShuffleQueue" else None for kind, args in q.arms]
        said = [f"the RandomShuffleQueue becomes shuffle({self.code(args['capacity'])}): it mixes over its whole "
                "capacity; min_after_dequeue" + (f" {self.code(args['min_after_dequeue'])}"
                                                  if not is_none(args.get("min_after_dequeue")) else "") +
                " only held back legacy's first dequeue" if kind == "RandomShuffleQueue" else
                "the FIFOQueue keeps the records in the order the readers gave them" for kind, args in q.arms]
        try:  # a literal (the call's ``True``, ``2``, ``None``): Python's truth of it picks the arm
            known = ast.literal_eval(self.code(q.test).strip())
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            known = ast  # (not a literal)
        if known is not ast:
            taken = 0 if known else 1
            notes.append(said[taken])
            return head, steps + ([arm_steps[taken]] if arm_steps[taken] else [])
        if arm_steps[0] == arm_steps[1]:
            notes.append(said[0])
            return head, steps + ([arm_steps[0]] if arm_steps[0] else [])
        flag = self.code(q.test).strip()
        name = self.fresh("records")  # (no "dataset" in it: tests find the chain by "dataset = (")
        text = f"{name} = {emit.chain(head, steps)}\nif {flag}:\n"
        text += f"    {name} = {name}.{arm_steps[0]}\n" if arm_steps[0] else "    pass\n"
        if arm_steps[1]:
            text += f"else:\n    {name} = {name}.{arm_steps[1]}\n"
        if not arm_steps[0]:  # (``if not flag:`` reads better than an empty arm; ``if not not flag``, worse)
            negated = self.code(q.test.expression).strip() if isinstance(q.test, cst.UnaryOperation) and \
                isinstance(q.test.operator, cst.Not) else None
            test = negated if negated is not None and isinstance(q.test.expression, (cst.Name, cst.Attribute)) \
                else f"not {flag}" if isinstance(q.test, (cst.Name, cst.Attribute)) else f"not ({flag})"
            text = f"{name} = {emit.chain(head, steps)}\nif {test}:\n    {name} = {name}.{arm_steps[1]}\n"
        self.file_names = [*self.file_names, *cst.parse_module(text).body]
        notes.append(f"the common queue is chosen by `if {flag}`, and so is the chain: when it holds, {said[0]}; "
                     f"else {said[1]}")
        return name, []

    def _opt(self, bound, name: str) -> str | None:
        node = bound.get(name)
        return None if is_none(node) else self.code(node)

    def _reader_of_files(self, p: Pipeline) -> Callable[[str], str] | None:
        """The head reading the files of a dataset of file names in sequence, where the reader's dataset takes
        one (``TFRecordDataset(files)``); else None (``_reader_step`` prints an ``interleave``).

        Start-up: ``interleave(TFRecordDataset, cycle_length=1)`` calls ``TFRecordDataset`` on one file name,
        which makes a dataset of that one name and a ``flat_map`` of its own: a function traced inside the
        interleave's function, and one more function for tf.data to instantiate at the first batch (measured:
        benchmarks/README.md, "The first batch of a migrated program"). Handed the dataset of names, the reader
        makes that one ``flat_map`` over it, which reads the files one after another, as one legacy reader did:
        the same records in the same order."""
        s = p.source
        if s.reader in ("WholeFileReader", "IdentityReader") or _keyed(s) or p.readers is not None or \
                s.prefetch is not None and s.prefetch.readers != "1" or hops(p):  # (hop_windows.py)
            return None
        if p.api == "read":
            return None  # a read with no batch after it (read_groups.py): its groups are batched per file inside
        if s.up_to is not None and not s.counts:
            return None  # ``read_up_to`` batched: its groups, too, are batched per file inside (below)
        if s.reader == "TextLineReader" and not is_none(s.reader_args.get("skip_header_lines")):
            return None  # the header is skipped in each file: a function of one file name
        self._check_reader(p)
        return lambda files: self._read(p, files)

    def _check_reader(self, p: Pipeline) -> None:
        for bad in ("options", "encoding", "hop_bytes"):
            if bad == "hop_bytes" and is_none(p.source.reader_args.get("encoding")):
                continue  # one file read whole and cut (hop_windows.py)
            if bad == "encoding" and p.source.reader == "FixedLengthRecordReader" and \
                    is_none(p.source.reader_args.get("hop_bytes")):
                continue  # the decompressed stream, header and footer in it: compression_type= (_read)
            if not is_none(p.source.reader_args.get(bad)):
                raise Refusal(f"{p.source.reader}({bad}=...) has no rewrite the tool can prove equal")

    def _read(self, p: Pipeline, files: str) -> str:
        """The reader's dataset over ``files``: one file name, or a dataset of them."""
        s, args = p.source, p.source.reader_args
        cls = f"{self.v1}.data.{reader_dataset(s.reader)}"
        if hops(p):  # (hop_windows.py: a function of one file name, for a read whose keys are used)
            return keyed_hop_read(self, p, files)
        if s.reader == "FixedLengthRecordReader":
            extra = "".join(f", {k}={self.code(args[k])}" for k in ("header_bytes", "footer_bytes")
                            if not is_none(args.get(k)))
            if not is_none(args.get("encoding")):  # (GZIP / ZLIB: the same records, pinned against legacy by
                extra += f", compression_type={self.code(args['encoding'])}"  # test_migrate_r21_names.py)
            return f"{cls}({files}, {self.code(args['record_bytes'])}{extra})"
        if s.reader == "TFRecordReader" and not is_none(args.get("compression_type")):  # (compression.py)
            return f"{cls}({files}, compression_type={self.code(args['compression_type'])})"
        return f"{cls}({files})"

    def _reader_step(self, p: Pipeline) -> str:
        s, v1 = p.source, self.v1
        if s.reader == "WholeFileReader":
            if (s.helper.key_used if s.helper is not None else len(s.params) == 2):
                return f"map(lambda filename: (filename, {v1}.io.read_file(filename)))"
            return f"map({v1}.io.read_file)"
        self._check_reader(p)
        args = s.reader_args
        if _keyed(s) and not is_none(args.get("compression_type")):
            raise Refusal("TFRecordReader(options=...) compressed, with its record keys used: the keys' offsets in a "
                          "compressed file are not checked against legacy; not rewritten")
        if _keyed(s):  # each record with its key, in legacy's format: a function of one file name
            skip = args.get("skip_header_lines") if s.reader == "TextLineReader" else None
            reader = keyed_read(s.reader, self._read(p, "filename"), None if is_none(skip) else self.code(skip), v1)
        elif s.reader == "TextLineReader" and not is_none(args.get("skip_header_lines")):
            reader = f"lambda filename: {self._read(p, 'filename')}.skip({self.code(args['skip_header_lines'])})"
        elif hops(p):  # (hop_windows.py)
            many = p.source.prefetch.readers if p.source.prefetch is not None and p.source.prefetch.readers != "1" \
                else p.readers
            return hop_step(self, p, many)
        elif s.reader == "FixedLengthRecordReader":
            reader = f"lambda filename: {self._read(p, 'filename')}"
        elif s.reader == "TFRecordReader" and not is_none(args.get("compression_type")):
            reader = f"lambda filename: {self._read(p, 'filename')}"
        else:
            reader = f"{v1}.data.{reader_dataset(s.reader)}"
        if reader.startswith("lambda"):  # graph-mode code: no AutoGraph conversion of the reading function
            reader = graph_mode.wrapped(reader, v1)
        # one reader reads its files one after another; a shuffling consumer may read several at once
        if p.source.prefetch is not None and p.source.prefetch.readers != "1":
            return emit.interleave(reader, p.source.prefetch.readers, p.source.prefetch.readers)
        if p.readers is not None:  # several readers take files from one queue, each reads its file through
            return emit.interleave(reader, p.readers, p.readers)
        # one reader reads its files one after another; reading several at once would let a shuffle window
        # hold records legacy could not have mixed, so the files stay in sequence here too
        return emit.interleave(reader, 1, None)

    def _helper_step(self, p: Pipeline) -> str:
        """The map step of the source's reader helper, now a function of the record."""
        h = p.source.helper
        record, fn = _helper_call(h)
        mapped = f"lambda {record}: {fn}({record}, {', '.join(h.extra)})" if h.extra else fn
        if h.external:  # another module's function: marked where it is used, its module unchanged
            mapped = graph_mode.wrapped(mapped, self.v1)
        return emit.map_step(mapped, self.arg(p, "num_threads"))

    # -- the whole pipeline ----------------------------------------------------------------------------------------
    def elements(self, p: Pipeline, rows: bool = False) -> tuple[list[cst.BaseStatement], str, list[str]]:
        """(statements making an unbatched dataset of the pipeline's elements, its name, accepted differences):
        the part before the batch, for a batch made elsewhere (a batch helper). ``rows``: that batch takes rows
        where the pipeline's ``enqueue_many`` values are groups of them, taken apart here (``unbatch()``); the
        other callers' chains take them apart themselves."""
        if p.traced:  # (a batch made elsewhere: no place after the trace here)
            raise Refusal(f"`{p.traced[0]}` is also used outside the pipeline, so its statements cannot move into "
                          "a tf.data function")
        check_flags(p)  # (``read_up_to``'s groups only where the batch made elsewhere takes them apart)
        many = literal_bool(p.args.get("enqueue_many"), False, "enqueue_many")
        if many and (p.stages or p.copy_index or queue_shapes.given(p.args) and queue_shapes.in_generator(p, self.code)):
            raise Refusal("enqueue_many=True in a batch helper over queue stages, copies or a generator's shapes=; "
                          "not rewritten")
        helpers, head, steps, notes = self.source(p)
        returned = self._returned(p.args["tensors"], p.intermediates)
        if _kept_list(p) == 1:  # a one-tensor list: legacy's batch gave the tensor
            returned = f"{returned}[0]"
        if queue_shapes.given(p.args) and not queue_shapes.in_generator(p, self.code):
            # the queue's shapes (a join's ``shapes=``), set on each element as its enqueue checked them
            returned = queue_shapes.shaped(p, self._items(p.args["tensors"], p.intermediates), self.code, self.v1)
        fn_stmts: list[cst.BaseStatement] = []
        kept: list[cst.BaseStatement] = []
        if p.intermediates or returned != self._params_struct(p) or _one_of_list(p) or p.entries:
            fn = self.fresh("make_element" if p.source.kind != "reader" else "parse_record")
            params, body = p.source.params, list(p.intermediates)
            threads = None
            if listed_reads(p) or p.entries:
                # the helper's Python list reaches the code after its call only inside one function: the
                # helper's map and this one become one, the helper called on the record there; so do the Python
                # values of its returned dict read after the batch (``dom['count']``), kept from the trace
                fused = p.source.helper
                if fused.up_to is not None or p.source.kind != "reader" or not steps or \
                        steps[-1] != self._helper_step(p):
                    check_listed_results(p)
                    if p.entries:
                        raise Refusal(f"`{next(iter(p.entries))}` is also used outside the pipeline, so its "
                                      "statements cannot move into a tf.data function")
                body += _keep_entries(p, fn)
                kept = [cst.parse_statement(f"{name} = {fn}.{name}\n") for name in p.entries]
                record, called = _helper_call(fused)
                args = ", ".join([record, *fused.extra])
                body.insert(0, cst.parse_statement(f"{', '.join(params)} = {called}({args})\n"))
                params = [r.strip() for r in record.split(",")]
                threads = self.arg(p, "num_threads")
                steps.pop()
            fn_stmts.append(self._function(fn, params, body, returned))
            steps.append(emit.map_step(fn, threads))
        if many and rows:  # each value is a group of rows, which legacy's enqueue_many took apart before the batch
            steps.append("unbatch()")
        dataset = self.fresh("dataset")
        assigns = self._staged(p, dataset, head, steps, [], notes)
        return [*helpers, *self.pending, *fn_stmts, *self.file_names, *assigns, *kept], dataset, notes

    def batches(self, args: dict[str, cst.BaseExpression], api: str, dataset: str, many: bool
                ) -> tuple[list[cst.BaseStatement], str, list[str]]:
        """(statements batching ``dataset`` as the batch call with ``args`` did, the get_next code, notes)."""
        notes: list[str] = []
        shuffle = api in ("train.shuffle_batch", "train.maybe_shuffle_batch")
        if shuffle:
            notes.append(printer.shuffle_note(self.code(args['capacity'])))
        steps = printer.steps_text(plan.from_batch_call(self._call(api, args, shuffle), prefetch="autotune",
                                                        v1=self.v1))
        batched = self.fresh("batched")
        assign = cst.parse_statement(f"{batched} = {emit.chain(dataset, steps)}\n")
        get_next = emit.one_shot_get_next(self.v1, batched)
        return [assign], f"list({get_next})" if many else get_next, notes

    def arg_of(self, args: dict[str, cst.BaseExpression], name: str) -> str | None:
        node = args.get(name)
        return None if is_none(node) else self.code(node)

    def _call(self, api: str, args: dict[str, cst.BaseExpression], shuffle: bool, threads: str | None = None,
              keep: str | None = None, many: bool = False) -> plan.BatchCall:
        """The batch call's parameters, as written, for its plan (``plan.from_batch_call``)."""
        code = (lambda name: None if is_none(args.get(name)) else plan.Code(self.code(args[name])))
        return plan.BatchCall(
            api, code("batch_size"), code("capacity") if shuffle else 32, plan.Code(threads or "1"),
            keep=keep, enqueue_many=many,
            dynamic_pad=literal_bool(args.get("dynamic_pad"), False, "dynamic_pad"),
            allow_smaller_final_batch=self._flag(args.get("allow_smaller_final_batch")),
            shuffle=shuffle, seed=code("seed") if shuffle else None)

    def _flag(self, node: cst.BaseExpression | None) -> bool | plan.Code:
        """``allow_smaller_final_batch`` as written: a literal, or the program's own expression, which legacy read
        as a Python bool when the graph was built and the chain prints as ``drop_remainder=not <it>``."""
        if node is None or isinstance(node, cst.Name) and node.value in ("True", "False"):
            return literal_bool(node, False, "allow_smaller_final_batch")
        def written(expr: cst.BaseExpression) -> str:
            simple = isinstance(expr, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or \
                bool(getattr(expr, "lpar", ()))  # (already in parentheses)
            return self.code(expr) if simple else f"({self.code(expr)})"

        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return plan.Code(f"not {written(node.expression)}")  # (the plan prints its operand: no "not not")
        return plan.Code(written(node))

    def statements(self, p: Pipeline) -> tuple[list[cst.BaseStatement], cst.BaseExpression, str]:
        """(statements to insert, the expression for the batch call's targets, the pipeline comment)."""
        if p.entries:  # (a helper's dict read after the batch: kept by a batch helper's fused elements alone)
            raise Refusal(f"`{next(iter(p.entries))}` is also used outside the pipeline, so its statements cannot "
                          "move into a tf.data function")
        check_flags(p)
        v1 = self.v1
        # a variable made in the per-element code: it and the code reading it run after the batch (variable_rows.py)
        split = row_split(p, self.api_of)
        if split is not None:
            p = without_rows(p, split)
        shuffle = p.api in ("train.shuffle_batch", "train.maybe_shuffle_batch")
        keep = p.args.get("keep_input")
        helpers, head, steps, notes = self.source(p)
        notes = [*notes, *p.accepted]
        tensors = p.args["tensors"]
        returned = self._returned(tensors, p.intermediates)
        kept = _kept_list(p)  # ``example = []``, ``example.append(x)``, ``batch(example)``: a list, as written
        if kept == 1:  # a one-tensor list: legacy's batch gave the tensor
            returned = f"{returned}[0]"
        reshaped = queue_shapes.given(p.args) and not queue_shapes.in_generator(p, self.code)
        sparse = sparse_components(p, self.api_of, self.code, self.scopes) \
            if literal_bool(p.args.get("dynamic_pad"), False, "dynamic_pad") else {}
        if sparse:  # parsed VarLenFeatures padded: serialized in the element, made again after (sparse_pad.py)
            if kept or keep is not None or reshaped or p.stages or p.copy_index or \
                    literal_bool(p.args.get("enqueue_many"), False, "enqueue_many"):
                raise Refusal("a SparseTensor batched under dynamic_pad with shapes, keep_input, enqueue_many or "
                              "queue stages: not rewritten")
            items = self._items(tensors, p.intermediates)
            returned = ", ".join(f"{v1}.io.serialize_sparse({it})" if k in sparse else it
                                 for k, it in enumerate(items))
        if reshaped:  # the queue's shapes, set on each element as its enqueue checked them
            returned = queue_shapes.shaped(p, self._items(tensors, p.intermediates), self.code, v1)
        threads = self.arg(p, "num_threads")
        # enqueue_many: each value the producer makes is a batch of elements (check_flags: a py_func's)
        many = literal_bool(p.args.get("enqueue_many"), False, "enqueue_many")
        vector = self._vectorized(p) if keep is None and not many and not reshaped and p.copy_index is None and \
            not sparse else None
        fn_stmts: list[cst.BaseStatement] = []
        element = per_batch = None
        if vector is not None:
            fn = self.fresh("parse_batch")
            fn_stmts.append(self._function(fn, p.source.params, [vector], returned))
            per_batch = plan.Fn(fn, fn)
            notes.append("parsing runs on whole batches (same values)")
        elif (p.intermediates or keep is not None or returned != self._params_struct(p) and not (
                p.source.kind == "py_func" and p.source.params == [f"*{returned}"]) or p.copy_index or
              _one_of_list(p)) and not p.source.whole:  # (a py_func's outputs bound to one name, batched as made)  # (a whole list's element is the tuple batched)
            check_listed_results(p)  # (the batch helper's elements fuse the two: ``elements``)
            fn = self.fresh("make_element" if p.source.kind != "reader" else "parse_record")
            paired = f"tuple({returned})" if keep is not None and returned == self.code(tensors) and \
                _list_valued(tensors, p.intermediates) else _grouped(returned)
            ret = returned if keep is None else f"{paired}, {self.code(keep)}"
            params = [*p.source.params, *(p.copy_index[:1] if p.copy_index else ())]
            fn_stmts.append(self._function(fn, params, [*p.intermediates, *_keep_traced(p, fn)], ret))
            element = plan.Fn(fn, fn)
            if p.copy_index:  # element i meets copy i % k (copies_join.py)
                element = self._copies(p, fn, fn_stmts, steps, notes)
        if shuffle:  # no channel in the rewrite: the buffer is the whole capacity (plan.from_batch_call)
            notes.insert(0, printer.shuffle_note(self.code(p.args['capacity'])))
        # Start-up (issue 17; benchmarks/README.md, "The first batch of a migrated program"): no tf.data Options
        # printed: default optimizations off, autotune off, prefetch(1) saved nothing measurable before the first
        # batch, an initializable iterator moves the cost to its initializer's run, and the shuffle buffer's fill
        # to the whole capacity costs about 2 ms; what is left is tracing the chain's functions.
        # keep_input after enqueue_many's unbatch: one flag per row
        call = self._call(p.api, p.args, shuffle, threads, None if keep is None else "row" if many else "element", many)
        batch_plan = plan.from_batch_call(call, element=element, per_batch=per_batch, prefetch="autotune", v1=v1)
        # queue stages (``queue_stages.py``) stand between the per-element function and the mixing and batching
        steps += printer.steps_text(batch_plan, _BEFORE_STAGES if p.stages else None)
        if sparse:  # each batch's serialized SparseTensors made one SparseTensor again, as legacy's queue gave it
            names = [f"c{k}" for k in range(len(self._items(tensors)))]
            made = ", ".join(f"{v1}.io.deserialize_many_sparse({n}, dtype={sparse[k]})" if k in sparse else n
                             for k, n in enumerate(names))
            lam = f"lambda {', '.join(names)}: ({made}{',' if len(names) == 1 else ''})"
            lam = f"lambda {names[0]}: {made}" if len(names) == 1 else lam
            at = next((i for i, st in enumerate(steps) if st.startswith("prefetch(")), len(steps))
            steps.insert(at, emit.map_step(lam, None))
        after = printer.steps_text(batch_plan, _AFTER_STAGES) if p.stages else []
        dataset = self.fresh("dataset")
        assigns = self._staged(p, dataset, head, steps, after, notes)
        if p.traced:  # (traced_names.py: the trace ran when the dataset was built)
            if element is None or p.copy_index:
                raise Refusal(f"`{p.traced[0]}` is also used outside the pipeline, so its statements cannot move "
                              "into a tf.data function")
            assigns += [cst.parse_statement(f"{name} = {fn}.{name}\n") for name in p.traced]
        get_next = emit.one_shot_get_next(v1, dataset)
        if split is not None:
            assigns, get_next = self._rows_after(p, split, assigns, get_next, notes)
        elif p.source.whole:  # legacy's list, or the tensor of a one-tensor list, as the program runs
            element = self.fresh("batch_element")
            assigns.append(cst.parse_statement(f"{element} = {get_next}\n"))
            get_next = one_or_list(element)
        elif not isinstance(p.targets, (cst.Tuple, cst.List)):  # (unpacked: a tuple unpacks as the list did)
            # legacy's batch of a list or tuple gave a list, of a one-tensor list the tensor (whole_lists.py)
            count = (kept, True) if kept else listed_count(tensors, p.intermediates)
            if count is not None and count[0] > 1:
                get_next = f"list({get_next})"
            elif count is not None and not count[1]:  # (``[image] + extras``: counted when the program runs)
                element = self.fresh("batch_element")
                assigns.append(cst.parse_statement(f"{element} = {get_next}\n"))
                get_next = one_or_list(element)
            elif count == (1, True) and not isinstance(tensors, (cst.List, cst.Tuple)) and not kept:
                get_next = f"{get_next}[0]"  # (``list((image,))``: tf.data's one-tuple, legacy's tensor)
        api_name = p.api.rsplit(".", 1)[-1] if p.readers is None else p.api.rsplit(".", 1)[-1] + "_join"
        if p.readers is not None and p.source.reader == "WholeFileReader":
            notes.append(f"{p.readers} readers of whole files become one read per file name, in the queue's "
                         "order, one of the orders their threads could give")
        elif p.readers is not None:
            notes.append(_readers_note(p.readers))
        staged = {k for stage in p.stages for k in (stage.kind, "QueueRunner")}
        apis = ", ".join(sorted({api_name, *self._source_apis(p), *staged}))
        comment = f"tfdata-bridge migrate: {apis} rewritten to tf.data"
        if notes:
            comment += "; accepted: " + "; ".join(notes)
        return [*helpers, *self.pending, *fn_stmts, *self.file_names, *assigns], cst.parse_expression(get_next), \
            comment

    def _rows_after(self, p: Pipeline, split, assigns: list[cst.BaseStatement], get_next: str, notes: list[str]
                    ) -> tuple[list[cst.BaseStatement], str]:
        """The batch taken, then the variable's statements on each of its rows (``variable_rows.py``): the
        batch call's tensors in its order, the kept ones from the dataset, the others from the rows."""
        v1 = self.v1
        parts, fn, row, values = (self.fresh(n) for n in ("batch_parts", "per_row", "row", "row_values"))
        at = (lambda j: parts if len(split.kept) == 1 else f"{parts}[{j}]")
        names = split.input_names
        unpack = f"{names[0]} = {row}" if len(names) == 1 else f"{', '.join(names)} = {row}"
        outs = list(split.outputs.values())
        text = f"def {fn}({row}):\n    {unpack}\n    return {', '.join(outs)}\n"
        per_row = cst.parse_statement(text)
        per_row = per_row.with_changes(body=per_row.body.with_changes(
            body=[per_row.body.body[0], *[s.with_changes(leading_lines=()) for s in split.rows],
                  per_row.body.body[1]]))
        elems = at(split.inputs[0]) if len(split.inputs) == 1 else \
            "(" + ", ".join(at(j) for j in split.inputs) + ")"
        kept = {i: j for j, i in enumerate(split.kept)}
        order = {i: m for m, i in enumerate(split.outputs)}
        pieces = [at(kept[i]) if i in kept else values if len(outs) == 1 else f"{values}[{order[i]}]"
                  for i in range(len(split.kept) + len(outs))]
        notes.append(f"`{self.code(split.variable.body[0].targets[0].target)}` (a variable) is read by "
                     f"`{fn}` on each row of the batch, when the batch is taken")
        assigns = [split.variable.with_changes(leading_lines=()), *assigns,
                   cst.parse_statement(f"{parts} = {get_next}\n"), per_row,
                   cst.parse_statement(f"{values} = {v1}.vectorized_map({fn}, {elems})\n")]
        tuple_targets = isinstance(p.targets, (cst.Tuple, cst.List))
        return assigns, ", ".join(pieces) if tuple_targets else "[" + ", ".join(pieces) + "]"

    def _staged(self, p: Pipeline, dataset: str, head: str, steps: list[str], after: list[str], notes: list[str]
                ) -> list[cst.BaseStatement]:
        """``dataset = head.steps``, the pipeline's queue stages, then ``after``: one chain, broken where a stage
        is chosen by the program's ``if flag:`` (kept around its step)."""
        out: list[cst.BaseStatement] = []
        at, chained = head, list(steps)
        for stage in p.stages:
            notes.extend(stage_notes(stage, self.code))
            more = stage_steps(stage, self.code)
            if stage.flag is None:
                chained += more
            elif more:
                out.append(cst.parse_statement(f"{dataset} = {emit.chain(at, chained)}\n"))
                flag = self.code(stage.flag)
                out.append(cst.parse_statement(f"if {flag}:\n    {dataset} = {dataset}.{'.'.join(more)}\n"))
                at, chained = dataset, []
        chained += after
        if at != dataset or chained:
            out.append(cst.parse_statement(f"{dataset} = {emit.chain(at, chained)}\n"))
        return out

    def _copies(self, p: Pipeline, fn: str, fn_stmts: list[cst.BaseStatement], steps: list[str],
                notes: list[str]) -> plan.Fn:
        """The map function over ``enumerate()``'s ``(i, element)`` that runs ``fn``'s copy ``i % k``, each copy
        traced with its own Python index (a join's ``k`` copies whose index changes values)."""
        index, k = p.copy_index
        position, element = self.fresh("position"), self.fresh("element")
        given = f"*{element}" if len(p.source.params) > 1 else element
        copies, branches = self.fresh(f"{fn}_copies"), self.fresh("branches")
        listed = cst.parse_statement(f"{branches} = [lambda {index}={index}: {fn}({given}, {index}) "
                                     f"for {index} in range({k})]\n")
        count = k if re.fullmatch(r"[\w.]+", k) else f"({k})"
        ret = f"{self.v1}.switch_case({self.v1}.cast({position} % {count}, {self.v1}.int32), {branches})"
        fn_stmts.append(self._function(copies, [position, element], [listed], ret))
        steps.append("enumerate()")
        notes.append(f"the join's {k} copies differ by `{index}`: element i meets copy i % {k}, as one schedule "
                     "of its threads handed them out")
        return plan.Fn(copies, copies)

    def _source_apis(self, p: Pipeline) -> list[str]:
        s = p.source
        if s.kind == "zip":
            return sorted({api for part in s.parts for api in self._source_apis(replace(p, source=part))})
        if s.kind == "choose":
            return branch_apis(self, p)
        if s.kind == "reader" and s.prefetch is not None:
            kinds = sorted({s.prefetch.kind, *(kind for kind, _ in s.prefetch.arms)})
            return ["string_input_producer", s.reader, *kinds, "QueueRunner"]
        if s.kind == "reader":
            return ["string_input_producer", s.reader]
        if s.producer:
            return [s.producer]
        if s.kind == "dataset":
            return []
        if s.kind == "limit":
            return ["limit_epochs"]
        return ["slice_input_producer"] if s.kind == "slice" else ["py_func"]

    def _items(self, tensors: cst.BaseExpression, body: list[cst.BaseStatement] = ()) -> list[str]:
        """The batched tensors' code, one per tensor (a list or tuple of tensors packed, as legacy's batch packed
        it: ``packed_lists.py``; ``body``: the per-element code that binds their names)."""
        if isinstance(tensors, (cst.List, cst.Tuple)) and self.structured:
            return [self.code(el.value) for el in tensors.elements]
        if isinstance(tensors, (cst.List, cst.Tuple)):
            alone = len(tensors.elements) == 1
            return [packed(el.value, list(body), alone, self.api_of, self.v1, self.code) for el in tensors.elements]
        return [self.code(tensors)]

    def _returned(self, tensors: cst.BaseExpression, body: list[cst.BaseStatement] = ()) -> str:
        if isinstance(tensors, (cst.List, cst.Tuple)):
            items = self._items(tensors, body)
            if len(items) == 1:
                return items[0]  # a one-tensor list comes back as a bare tensor
            return ", ".join(items)
        if isinstance(tensors, cst.Dict) and not self.structured and all(isinstance(el, cst.DictElement) for el in tensors.elements):
            # legacy converted each value (``_as_tensor_list``): a list or tuple value is one packed tensor
            values = [packed(el.value, list(body), False, self.api_of, self.v1, self.code) for el in tensors.elements]
            if any(v != self.code(el.value) for v, el in zip(values, tensors.elements)):
                return "{" + ", ".join(f"{self.code(el.key)}: {v}" for v, el in zip(values, tensors.elements)) + "}"
        return self.code(tensors)

    def _params_struct(self, p: Pipeline) -> str:
        return ", ".join(p.source.params)

    def _function(self, name: str, params: list[str], body: list[cst.BaseStatement], ret: str) -> cst.FunctionDef:
        fn = cst.parse_module(f"def {name}({', '.join(params)}):\n    return {ret}\n").body[0]
        assert isinstance(fn, cst.FunctionDef)
        stmts = [b.with_changes(leading_lines=comment_leading_lines(b)) if i == 0 else b for i, b in enumerate(body)]
        fn = fn.with_changes(body=fn.body.with_changes(body=[*stmts, *fn.body.body]))
        return graph_mode.run_as_written(fn, self.v1)  # (checked whole: ``graph_mode.check_element_function``)

    def _vectorized(self, p: Pipeline) -> cst.SimpleStatementLine | None:
        """The one statement that may run on a whole batch with the same values, rewritten for it; else None.

        ``parse_single_example`` with only ``FixedLenFeature``s becomes ``parse_example``; ``decode_csv`` works
        on any shape as it is. Nothing else may be between the read and the batch, and the batched tensors must
        be the parsed values (or plain subscripts of the parsed dict)."""
        if p.source.kind != "reader" or len(p.source.params) != 1 or len(p.intermediates) != 1:
            return None
        if not all(_plain(t) for t in _components(p.args["tensors"])):
            return None  # an op on the parsed values might not act the same on a batch
        stmt = p.intermediates[0]
        if not isinstance(stmt, cst.SimpleStatementLine):
            return None  # a loop or a branch: not one op
        assign = stmt.body[0]
        if not isinstance(assign, cst.Assign) or not isinstance(assign.value, cst.Call):
            return None
        call = assign.value
        api = self.api_of(call)
        short = api.rsplit(".", 1)[-1] if api else ""
        value = p.source.params[0]
        first = call.args[0].value if call.args and call.args[0].keyword is None else None
        if first is None:
            first = next((a.value for a in call.args if a.keyword and a.keyword.value in
                          ("serialized", "records")), None)
        if not (isinstance(first, cst.Name) and first.value == value):
            return None
        if short == "decode_csv":
            return stmt
        if short != "parse_single_example":
            return None
        feats = call.args[1].value if len(call.args) > 1 and call.args[1].keyword is None else next(
            (a.value for a in call.args if a.keyword and a.keyword.value == "features"), None)
        if feats is None or not self.fixed_len_only(feats):
            return None
        if any(a.keyword and a.keyword.value == "example_names" for a in call.args):
            return None
        return stmt.with_changes(body=[assign.with_changes(
            value=call.with_changes(func=cst.parse_expression(f"{self.v1}.io.parse_example")))])


def _components(tensors: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(tensors, (cst.List, cst.Tuple)):
        return [el.value for el in tensors.elements]
    if isinstance(tensors, cst.Dict):
        return [el.value for el in tensors.elements if isinstance(el, cst.DictElement)]
    return [tensors]


def _plain(node: cst.BaseExpression) -> bool:
    """A name, or a name subscripted by a string literal (``features["x"]``)."""
    if isinstance(node, cst.Name):
        return True
    return (isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and len(node.slice) == 1
            and isinstance(node.slice[0].slice, cst.Index)
            and isinstance(node.slice[0].slice.value, cst.SimpleString))


def _list_valued(tensors: cst.BaseExpression, intermediates) -> bool:
    """Whether the batched ``tensors`` (not a literal list or tuple: those are written out) make a Python list:
    ``features + [label]``, a comprehension, ``list(...)``, or a name the per-element code binds last to one.
    tf.data packs a list a function returns alone as a tuple, but not a list inside the ``(element, keep)``
    pair a ``keep_input`` filter reads (``TypeError: Unsupported return value``): such a list goes as
    ``tuple(...)``. A dict, a tensor or anything else goes as written."""
    if isinstance(tensors, (cst.List, cst.ListComp)):
        return True
    if isinstance(tensors, cst.Call) and isinstance(tensors.func, cst.Name) and tensors.func.value == "list":
        return True
    if isinstance(tensors, cst.BinaryOperation) and isinstance(tensors.operator, cst.Add):
        return _list_valued(tensors.left, intermediates) or _list_valued(tensors.right, intermediates)
    if isinstance(tensors, cst.Name):
        bound = None
        for stmt in intermediates:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                    isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == tensors.value:
                bound = small.value
        return bound is not None and not isinstance(bound, cst.Name) and _list_valued(bound, intermediates)
    return False


def _grouped(returned: str) -> str:
    """``(a, b)`` for ``a, b``; a single expression as it is."""
    try:
        single = not isinstance(cst.parse_expression(returned), cst.Tuple)
    except cst.ParserSyntaxError:
        single = False
    return returned if single else f"({returned})"


def _keyed(s) -> bool:
    """Whether a reader source's records come with their keys (``(key, value)``)."""
    return s.helper.key_used if s.helper is not None else s.keyed


def _one_of_list(p: Pipeline) -> bool:
    """The source's helper returns a one-tensor list or tuple (``return [image]``): tf.data makes its element a
    one-tuple, where legacy's batch of ``[image]`` gave a bare tensor, so a map function takes it apart."""
    helper = p.source.helper if p.source.kind == "reader" else None
    if helper is None:
        return False
    elements = returned_elements(helper.new_fn)
    return elements is not None and len(elements) == 1


def _kept_on(fn: str, values: list[tuple[str, str]], comment: str) -> list[cst.BaseStatement]:
    """``fn.name = value`` for each ``(name, value)``, the first under ``comment``: values the traced function
    makes once (when tf.data traces it), read after the batch from the function object."""
    out: list[cst.BaseStatement] = []
    for i, (name, value) in enumerate(values):
        stmt = cst.parse_statement(f"{fn}.{name} = {value}\n")
        if i == 0:
            stmt = stmt.with_changes(leading_lines=[cst.EmptyLine(comment=cst.Comment(comment))])
        out.append(stmt)
    return out


def _keep_traced(p: Pipeline, fn: str) -> list[cst.BaseStatement]:
    """``fn.name = name`` for each name read after the batch (``traced_names.py``): tf.data traces ``fn`` once,
    when the dataset is built, as legacy built these values once with the graph."""
    return _kept_on(fn, [(name, name) for name in p.traced],
                    "# a Python value, made once when tf.data traces this function: read after the batch")


def _keep_entries(p: Pipeline, fn: str) -> list[cst.BaseStatement]:
    """``fn.name = {'k': name['k'], ...}`` for each dict the helper returns whose Python values (``'count':
    len(files)``) are read after the batch (``traced_names.static_entry_read``): tf.data traces ``fn``, which calls
    the helper, once, when the dataset is built, as legacy called the helper once with the graph; the name is
    bound to that dict of its read keys after the dataset."""
    return _kept_on(fn, [(name, "{" + ", ".join(f"{k!r}: {name}[{k!r}]" for k in keys) + "}")
                         for name, keys in p.entries.items()],
                    "# Python values of the helper's dict, made once when tf.data traces this function: read after "
                    "the batch")


def _kept_list(p: Pipeline) -> int | None:
    """How many tensors the batched name holds, where the per-element code binds it to a literal list grown only by
    ``append`` (``example = []``; ``example.append(image)``; ``batch(example)``): tf.data makes the list a tuple,
    legacy's batch gave a list (a bare tensor for one). None for any other tensors."""
    tensors = p.args.get("tensors")
    if not isinstance(tensors, cst.Name) or not p.intermediates:
        return None
    body = [*p.intermediates, cst.SimpleStatementLine([cst.Return(tensors)])]
    fn = cst.FunctionDef(cst.Name("element"), cst.Parameters(), cst.IndentedBlock(body))
    elements = returned_elements(fn)
    return None if elements is None else len(elements)


def _calls(code: str, v1: str) -> bool:
    """Whether the expression ``code`` calls anything but a TensorFlow op (through the module's alias ``v1`` or
    ``tf``): an op made twice is the same graph value, a program's function called twice may not be."""
    try:
        expression = cst.parse_expression(code)
    except cst.ParserSyntaxError:
        return True
    found = []
    tensorflow = {v1.split(".")[0], "tf", "tensorflow"}

    class _Find(Visitor):
        def visit_Call(self, node: cst.Call) -> bool:
            head = node.func
            while isinstance(head, cst.Attribute):
                head = head.value
            if isinstance(head, cst.Name) and head.value in tensorflow and isinstance(node.func, cst.Attribute):
                return True  # (its arguments may still call the program's functions)
            found.append(node)
            return False

    expression.visit(_Find())
    return bool(found)


def _helper_call(h) -> tuple[str, str]:
    """(the record parameters, the name calling the reader helper ``h`` as a function of its record)."""
    record = "key, value" if h.key_used else "value"
    fn = h.called_as or h.new_fn.name.value
    return record, fn if h.module_ref is None else f"{h.module_ref}.{fn}"


def check_listed_results(p: Pipeline) -> None:
    names = listed_reads(p)
    if names:
        raise Refusal(f"`{sorted(names)[0]}` may be a Python list `{p.source.helper.fn.name.value}` returns, which "
                      "code after the call reads; a list in a dataset's element is one stacked tensor, so that code "
                      "would see a tensor where legacy saw the list; not rewritten")


def listed_reads(p: Pipeline) -> set[str]:
    """The source's names that its reader helper may return as a Python list (``label = [tf.cast(...) for name in
    names]``; ``return img, label``) and that the caller's code after the call reads as a list, in Python (``[img]
    + label if isinstance(label, list) else [img, label]``: ``_as_list_reads``). Mapped on its own, the helper
    would give a dataset element whose list component is one stacked tensor, and that code would see a tensor
    where legacy saw the list (``check_listed_results`` refuses; a batch helper's elements fuse the two maps)."""
    helper = p.source.helper
    if helper is None or not isinstance(helper.fn.body, cst.IndentedBlock) or not helper.fn.body.body:
        return set()
    last = helper.fn.body.body[-1]
    small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(small, cst.Return) or small.value is None:
        return set()
    value = small.value
    items = [e.value for e in value.elements] if isinstance(value, (cst.Tuple, cst.List)) else [value]
    listed = set()
    for assign in nodes_of(helper.fn, cst.Assign):
        if isinstance(assign.value, (cst.List, cst.ListComp)) or isinstance(assign.value, cst.Call) and \
                isinstance(assign.value.func, cst.Name) and assign.value.func.value == "list":
            for t in assign.targets:
                listed |= set(target_names(t.target) or ())
    if len(items) != len(p.source.params):
        return set()
    mine = {param for item, param in zip(items, p.source.params) if isinstance(item, cst.Name) and
            item.value in listed}
    tensors = p.args.get("tensors")
    after = [*p.intermediates, *([tensors] if tensors is not None else [])]
    # a helper result whose Python kind or length the code after the call asks may be a list however the helper
    # made it (``tf.unstack``, a literal in its ``return``)
    inspected = {n for s in after for c in nodes_of(s, cst.Call) if isinstance(c.func, cst.Name) and
                 c.func.value in ("isinstance", "type", "len") for a in c.args
                 if isinstance(a.value, cst.Name) and (n := a.value.value) in p.source.params}
    return mine & set().union(*(_as_list_reads(s) for s in after)) | inspected


_LIST_READERS = {"isinstance", "len", "type", "list", "tuple", "enumerate", "zip", "iter", "sorted", "reversed"}


def _as_list_reads(node: cst.CSTNode) -> set[str]:
    """The names ``node`` reads as a Python sequence: an argument of ``isinstance`` / ``len`` / ``list`` ... ,
    an operand of ``+`` or ``*``, what a loop or comprehension iterates, a starred element or argument (a tensor
    op taking the name reads it as one tensor, which a stacked list is, too)."""
    def name(e) -> list[str]:
        return [e.value] if isinstance(e, cst.Name) else []

    out: set[str] = set()
    for call in nodes_of(node, cst.Call):
        if isinstance(call.func, cst.Name) and call.func.value in _LIST_READERS:
            out.update(n for a in call.args for n in name(a.value))
        out.update(n for a in call.args if a.star for n in name(a.value))
    for op in nodes_of(node, cst.BinaryOperation):
        out.update(name(op.left) + name(op.right))
    for loop in [*nodes_of(node, cst.For), *nodes_of(node, cst.CompFor)]:
        out.update(name(loop.iter))
    for star in nodes_of(node, cst.StarredElement):
        out.update(name(star.value))
    return out


def _readers_note(readers: str) -> str:
    """The note on ``readers`` reader threads (a count as written: ``4``, or a name such as ``num_readers``)."""
    count = readers if readers.isdigit() else f"`{readers}`"
    return (f"{count} readers become an interleave of {count} files at a time; the order across them varies, "
            "as it did between the readers' threads")
