"""``rewrite_tree``: ``--to tfdata`` over the modules of one tree, so a pipeline may use a helper of another
module (``from readers.decode import read_and_decode``).

Three passes. The first rewrites each module with helpers of the other modules resolved (by the qualified name
of the call, relative imports included) and collects which helpers those rewrites need turned into functions
of the record. A helper is turned only if those rewrites are every use of it in the tree; otherwise the
rewrites that need it are refused with that reason. The second pass writes every module, the helpers' modules
with their helpers replaced. The third gives a module back its queue-runner plumbing where a module it imports
still builds a queue pipeline.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Mapping, Sequence

import libcst as cst
from libcst.helpers import calculate_module_and_package
from libcst.metadata import PositionProvider, QualifiedNameProvider, QualifiedNameSource

from tfdata_bridge._src.migrate.calls import (absolute_name, code_of, dotted, names_in, nodes_of, parsed, Refusal,
                                              wrapped)
from tfdata_bridge._src.migrate.collection_pause import fewer_collections
from tfdata_bridge._src.migrate.collection_reads import runner_collection_read
from tfdata_bridge._src.migrate.elide import Elided, elide
from tfdata_bridge._src.migrate.foreign_queue import drop_unused as drop_unused_queue_helpers
from tfdata_bridge._src.migrate.subclasses import base_declaring
from tfdata_bridge._src.migrate.legacy_divisions import keep_legacy_divisions
from tfdata_bridge._src.migrate.local_reads import counts_epochs, epoch_counter_read
from tfdata_bridge._src.migrate.graph_names import asks_graph, named_graph_read, pipeline_names
from tfdata_bridge._src.migrate.object_uses import attribute_tested, attribute_uses
from tfdata_bridge._src.migrate.methods import class_of, method, method_key, method_uses
from tfdata_bridge._src.migrate.plumbing import PLUMBING_WENT, pipelines_left
from tfdata_bridge._src.migrate.results import RewriteResult
from tfdata_bridge._src.migrate.rewriting import rewrite
from tfdata_bridge._src.migrate.runner_helpers import module_runner_helpers, runner_contexts
from tfdata_bridge._src.migrate.scanner import parse_error_text
from tfdata_bridge._src.migrate.supervisor import SUPERVISOR_WENT
from tfdata_bridge._src.migrate.walk import Visitor


def _reexported(module: cst.Module, package: str, name: str, by_name: Mapping[str, str]) -> tuple[str, str] | None:
    """(the tree's module, the name there) that ``module`` imports ``name`` from (a package's ``__init__``
    re-exporting a class); None where it does not."""
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar):
            continue
        base = absolute_name("." * len(small.relative) + (dotted(small.module) if small.module else ""), package)
        for alias in small.names:
            if (alias.evaluated_alias or alias.evaluated_name) == name and base in by_name:
                return by_name[base], alias.evaluated_name
    return None


@fewer_collections
def rewrite_tree(sources: Mapping[str, str], root: str | None = None) -> dict[str, RewriteResult]:
    """``rewrite(source, to="tfdata")`` of every ``{path: source}``, helpers resolved across the modules (a queue
    made through the module a call returns, which nothing reads, said at its call: ``hidden_queues.py``)."""
    from tfdata_bridge._src.migrate.closure_branches import with_closure_branches
    from tfdata_bridge._src.migrate.first_tower import with_first_towers
    from tfdata_bridge._src.migrate.handed_tuples import with_handed_tuples
    from tfdata_bridge._src.migrate.lambda_stages import with_lambda_stages
    from tfdata_bridge._src.migrate.overridden_calls import with_overridden_calls
    from tfdata_bridge._src.migrate.printed_queues import with_printed_queues
    from tfdata_bridge._src.migrate.self_dequeues import with_self_dequeues

    # (a batch made on every call of a method whose source it makes only in a branch, the first tower's pass:
    # written into the branch, its iterator then kept on ``self``: ``first_tower.py``)
    # (and nested functions an ``if``/``else`` defines, called after it to make the pipeline: the code after it
    # written into each branch with them: ``closure_branches.py``)
    # (and a reader helper's tuple handed to a batch helper as one parameter, unpacked there: the helper given
    # its parts, its callers unpacking the tuple: ``handed_tuples.py``)
    # (and pipeline stages bound to names by lambdas, in each branch of an ``if`` or once, called after: each call
    # written out, the code after the ``if`` written into each branch: ``lambda_stages.py``)
    # (and a base class's batching method reading through methods its subclasses override: each subclass given its
    # own copy, those calls written out: ``overridden_calls.py``)
    # (and a queue shown only by debugging output, ``print(queue)``: taken out before, given back or replaced by
    # the dataset after: ``printed_queues.py``)
    # (and a tensor producer kept on ``self`` by ``__init__``, dequeued in a method run once per object: dequeued
    # in ``__init__`` instead, ``self_dequeues.py``)
    return through((with_printed_queues, with_self_dequeues, with_overridden_calls, with_handed_tuples,
                    with_lambda_stages, with_closure_branches, with_first_towers),
                   sources, lambda t: _rewrite_tree_split(t, root))


def through(passes: Sequence[Callable], sources: Mapping[str, str],
            run: Callable[[dict[str, str]], dict[str, RewriteResult]]) -> dict[str, RewriteResult]:
    """``run`` of ``sources`` through ``passes``, the first outermost: each pass is ``with_x(sources, run)``,
    which runs what is inside it on the sources as they are, or as it writes them, where that leaves fewer
    refusals."""
    if not passes:
        return run(dict(sources))
    return passes[0](sources, lambda inner: through(passes[1:], inner, run))


def _rewrite_tree_split(sources: Mapping[str, str], root: str | None = None) -> dict[str, RewriteResult]:
    from dataclasses import replace

    from tfdata_bridge._src.migrate.hidden_queues import with_hidden_queues
    from tfdata_bridge._src.migrate.queue_class_choice import split_queue_class_choices

    # (a queue class a flag chooses in the constructor's callee, written as the ``if``/``else`` of two constructors:
    # the same program, so no trial; a module then left gives its own text back: ``queue_class_choice.py``)
    split = split_queue_class_choices(dict(sources), root or "")
    if split is None:
        return {p: with_hidden_queues(r) for p, r in _rewrite_tree_whole(sources, root).items()}
    out = _given_back(_rewrite_tree_whole(split, root), sources, split)
    return {p: with_hidden_queues(replace(r, code=sources[p]) if split[p] != sources[p] and r.code == split[p] else r)
            for p, r in out.items()}


def _rewrite_tree_whole(sources: Mapping[str, str], root: str | None = None) -> dict[str, RewriteResult]:
    """``_rewrite_tree_fed`` after each queue filled by feed functions through a feeding queue runner and read in
    batches by the callers of its builder is written as a tf.data chain at each caller (``feeding_queues.py``)."""
    from tfdata_bridge._src.migrate.feeding_queues import (feeding_queue_programs, feeding_queues_of_tree,
                                                           with_feeding_notes)
    from tfdata_bridge._src.migrate.registry_readers import said_at

    paths = {p: os.path.abspath(p) for p in sources}
    base = os.path.abspath(root) if root is not None else \
        os.path.commonpath([os.path.dirname(p) for p in paths.values()]) if paths else os.path.abspath(".")
    why: list = []
    said: list = []
    fed = feeding_queues_of_tree({paths[p]: t for p, t in sources.items()}, base, why, said)
    if fed is None:
        return said_at(_rewrite_tree_fed(sources, root), why)
    texts = {p: fed[paths[p]] for p in sources}
    results = _rewrite_tree_fed(texts, root)
    # (a program whose runners ran only such a queue, which a module it imports made: its plumbing goes where
    # no module it reaches is left with a queue pipeline)
    for p in feeding_queue_programs(sources, texts, base, lambda o: bool(_pipelines_left(results[o].code)),
                                    lambda o: results[o].code == texts[o]):
        _replumb(p, texts, results)
    results = _given_back(results, sources, texts)
    return with_feeding_notes(said_at(results, why), said)


def _rewrite_tree_fed(sources: Mapping[str, str], root: str | None = None) -> dict[str, RewriteResult]:
    """``rewrite_tree`` but for the queues no rewrite reads.

    ``root`` is the folder module names are counted from (``root/readers/decode.py`` is ``readers.decode``);
    by default the folder the paths have in common. Queue builders of one module called once in another are
    inlined where that leaves fewer pipelines (``builder_inline.py``)."""
    from tfdata_bridge._src.migrate.builder_inline import inline_queue_builders
    from tfdata_bridge._src.migrate.flag_locals import fold_flag_locals
    from tfdata_bridge._src.migrate.pyfunc_params import fold_pyfunc_params
    from tfdata_bridge._src.migrate.handed_copies import inline_handed_copies, inline_handed_reader_classes
    from tfdata_bridge._src.migrate.registry_readers import resolve_registry_readers, said_at
    from tfdata_bridge._src.migrate.named_apis import named_apis_of_tree
    from tfdata_bridge._src.migrate.reader_pools import fold_unset_params, inline_reader_pools

    paths = {p: os.path.abspath(p) for p in sources}
    originals = sources
    # (a reader class or batch function chosen by a name known when migrating, written as the call it makes: the
    # same program, so no trial; a module another one's pipeline calls into is read so: ``named_apis.py``)
    named = named_apis_of_tree({paths[p]: t for p, t in sources.items()})
    if named is not None:
        sources = {p: named[paths[p]] for p in sources}
    plain = _given_back(_rewrite_tree(sources, root), originals, sources)
    base = os.path.abspath(root) if root is not None else \
        os.path.commonpath([os.path.dirname(p) for p in paths.values()]) if paths else os.path.abspath(".")
    inlined = inline_queue_builders({paths[p]: t for p, t in sources.items()}, base)
    # (preprocessing copies handed to a batch helper, a prefetch helper of another module: ``handed_copies.py``)
    inlined = inline_handed_copies(inlined or {paths[p]: t for p, t in sources.items()}, base) or inlined
    # (a batch flag read from a local set by an ``if`` on a parameter every call leaves the same, or from such a
    # parameter: the literal written there, the ``if`` folded to its arm that runs; ``flag_locals.py``)
    inlined = fold_flag_locals(inlined or {paths[p]: t for p, t in sources.items()}, base) or inlined
    # (a helper's ``py_func`` dtypes, and the shapes a loop sets on its outputs, given by parameters every call gives
    # the same list: the list written there; ``pyfunc_params.py``)
    inlined = fold_pyfunc_params(inlined or {paths[p]: t for p, t in sources.items()}, base) or inlined
    # (a pool of k reader objects filling a common queue from its method, written out where it is made and read:
    # the k-reader loop of ``handbuilt.py``; and a parameter no call gives, read only through ``p or LITERAL``:
    # slim's ``dtypes or [tf.string, tf.string]``; ``reader_pools.py``; kept only where the loop so written is
    # then rewritten, below)
    unpooled = inlined
    pooled_in = inlined or {paths[p]: t for p, t in sources.items()}
    pooled = inline_reader_pools(pooled_in) or None
    pooled = fold_unset_params(pooled or pooled_in, base) or pooled
    runners = {} if pooled is None else {p: pooled[p].count("QueueRunner(") for p in pooled_in
                                         if pooled[p] != pooled_in[p]}

    def tried(inlined):
        """(texts, part, trial, why) of the handed-class and registry forms over ``inlined``; None for the plain."""
        # (a reader class every call hands a helper, written there by name: ``handed_copies.py``; kept only where
        # the modules it changed are then rewritten whole, below)
        unhanded = inlined
        handed_in = inlined or {paths[p]: t for p, t in sources.items()}
        inlined = inline_handed_reader_classes(handed_in, base) or inlined
        handed = set() if inlined is unhanded else {p for p in handed_in if inlined[p] != handed_in[p]}
        # (a reader taken from a registry by a literal name: ``registry_readers.py``)
        why: list = []
        inlined = resolve_registry_readers(inlined or {paths[p]: t for p, t in sources.items()}, base, why) \
            or inlined
        if inlined is None:
            return None, why
        # (the trial rewrites only the part of the tree the inlining changed: the modules linked to a changed one
        # by imports, either way, directly or not; a rewrite reaches another module only through them
        # (``_quiet``), so every other module's trial would be its plain rewrite again, and the choice below, made
        # on the part, is the choice made on the whole tree)
        texts = {p: inlined[paths[p]] for p in sources}
        part = _part_changed(sources, texts, base)
        trial = _rewrite_tree({p: texts[p] for p in part}, base)
        if any(trial[p].error is not None or _new_refusals(trial, plain, p, originals, texts)
               for p in part if paths[p] in handed):
            # (a helper whose reader parameter was made its own reader, its pipeline then left: a half-done
            # rewrite, the refusals of the callers' reader arguments only moved into the helper; the tree is tried
            # without it)
            why.clear()
            inlined = resolve_registry_readers(unhanded or {paths[p]: t for p, t in sources.items()}, base, why) \
                or unhanded
            if inlined is None:
                return None, why
            texts = {p: inlined[paths[p]] for p in sources}
            part = _part_changed(sources, texts, base)
            trial = _rewrite_tree({p: texts[p] for p in part}, base)
        return (texts, part, trial), why

    found, why = tried(pooled if pooled is not None else unpooled)
    if pooled is not None:
        # (a module whose pool was written out but whose loop the trial left is only restructured, not migrated:
        # it is tried as it was, the others kept so)
        left_as = set(runners) if found is None else \
            {paths[p] for p in found[1] if paths[p] in runners and
             found[2][p].code.count("QueueRunner(") >= runners[paths[p]]}
        if left_as:
            kept = {p: pooled_in[p] if p in left_as else t for p, t in pooled.items()}
            found, why = tried(unpooled if kept == pooled_in else kept)
    if found is None:
        return said_at(plain, why)
    texts, part, trial = found

    if refusals_left(trial) >= refusals_left({p: plain[p] for p in part}):
        return said_at(plain, why)
    return {**plain, **_given_back(trial, {p: originals[p] for p in part}, {p: texts[p] for p in part})}


def _new_refusals(trial, plain, path: str, originals: Mapping[str, str], texts: Mapping[str, str]) -> bool:
    """The trial's module ``path`` refuses what the plain rewrite did not: a refusal at another line of the
    original, or of another API there (a pipeline of the module the handed reader class has nothing to do with,
    slim's ``single_pass_read`` beside ``parallel_read``, refused alike either way, is not the trial's doing)."""
    if not trial[path].refused:
        return False
    back = _given_back({path: trial[path]}, {path: originals[path]}, {path: texts[path]})[path]
    before = {(n.line, n.message.split(" left", 1)[0]) for n in plain[path].refused}
    return any((n.line, n.message.split(" left", 1)[0]) not in before for n in back.refused)


def _part_changed(before: Mapping[str, str], after: Mapping[str, str], root: str) -> list[str]:
    """The paths (keys of ``before``) of the modules whose text changed and of those linked to them by the
    tree's imports, in ``before``'s order (a module that does not parse is linked to none)."""
    trees: dict[str, ast.Module | None] = {}
    for p, text in after.items():
        try:
            trees[os.path.abspath(p)] = ast.parse(text)
        except (SyntaxError, ValueError):
            trees[os.path.abspath(p)] = None
    changed = {os.path.abspath(p) for p in before if before[p] != after[p]}
    reached = _reached(changed, _links(trees, root))
    return [p for p in before if os.path.abspath(p) in reached]


def refusals_left(results: Mapping[str, RewriteResult]) -> int:
    """What a rewrite of a tree leaves undone: its refusals and its errors (a trial pass is kept where it leaves
    fewer than the plain rewrite)."""
    return sum(len(r.refused) + (r.error is not None) for r in results.values())


def trial_if_fewer(sources: Mapping[str, str], split: Mapping[str, str] | None,
                   plain: dict[str, RewriteResult], run: Callable[[dict[str, str]], dict[str, RewriteResult]]
                   ) -> dict[str, RewriteResult] | None:
    """A pass's trial: ``run`` of ``split`` (its forms of ``sources``), its notes given back to the original lines,
    where the ``plain`` rewrite leaves a refusal or an error in a module the pass changed and the trial leaves
    fewer; else None (keep ``plain``, and run no trial)."""
    if split is None or not any(plain[p].refused or plain[p].error is not None
                                for p in split if split[p] != sources[p]):
        return None
    trial = run(dict(split))
    if refusals_left(trial) >= refusals_left(plain):
        return None
    return _given_back(trial, sources, split)


def _given_back(results: dict[str, RewriteResult], originals: Mapping[str, str], texts: Mapping[str, str]
                ) -> dict[str, RewriteResult]:
    """``results`` of ``texts`` (forms of ``originals``) as results of the originals: each note's line given back."""
    from dataclasses import replace

    from tfdata_bridge._src.migrate.hoist import line_map
    from tfdata_bridge._src.migrate.line_words import note_back

    out = {}
    for p, r in results.items():
        if texts[p] == originals[p]:
            out[p] = r if r.source == originals[p] else replace(r, source=originals[p])
            continue
        lines = line_map(originals[p], texts[p])
        out[p] = replace(r, source=originals[p], notes=tuple(note_back(n, lines) for n in r.notes))
    return out


def _rewrite_tree(sources: Mapping[str, str], root: str | None = None) -> dict[str, RewriteResult]:
    from tfdata_bridge._src.migrate.feed.klass import REMOTE_DEQUEUE

    # (a feeding class whose queue another module dequeues through an instance: rewritten with that dequeue, or
    # left by ``_feed_classes_used_elsewhere``)
    from tfdata_bridge._src.migrate.module_names import TREE_TEXTS

    token = REMOTE_DEQUEUE.set(True)
    texts_token = TREE_TEXTS.set(tuple(sources.values()))
    try:
        return _rewrite_tree_in(sources, root)
    finally:
        TREE_TEXTS.reset(texts_token)
        REMOTE_DEQUEUE.reset(token)


def _rewrite_tree_in(sources: Mapping[str, str], root: str | None = None) -> dict[str, RewriteResult]:
    from tfdata_bridge._src.migrate.to_tfdata import run, survey

    paths = [os.path.abspath(p) for p in sources]
    texts = dict(zip(paths, sources.values()))
    if root is None:
        root = os.path.commonpath([os.path.dirname(p) for p in paths]) if paths else "."
    root = os.path.abspath(root)
    modules: dict[str, cst.Module] = {}
    elided: dict[str, Elided | None] = {}
    results: dict[str, RewriteResult] = {}
    trees: dict[str, ast.Module | None] = {}
    for path, text in texts.items():
        # (a module of constants alone stays: a pipeline may read one, ``literal_lists.known_length``)
        if "tensorflow" not in text and "import" not in text and "def " not in text and "=" not in text:
            results[path] = rewrite(text, to="tfdata")
            continue
        try:
            trees[path] = ast.parse(text)
        except (SyntaxError, ValueError):
            trees[path] = None  # libcst says why, below
    for path in _quiet(trees, texts, root):
        results[path] = RewriteResult(texts[path], texts[path], "tfdata")
        del trees[path]
    for path, tree in trees.items():
        text = texts[path]
        # libcst reads what a rewrite can touch (``elide``)
        elided[path] = elide(text, tree) if tree is not None else None
        try:
            modules[path] = cst.parse_module(elided[path].text if elided[path] is not None else text)
        except cst.ParserSyntaxError as exc:
            results[path] = RewriteResult(text, text, "tfdata", error=parse_error_text(exc))
    names = {path: calculate_module_and_package(root, path) for path in modules}
    by_name = {n.name: path for path, n in names.items()}
    surveys: dict[str, tuple] = {}
    qualified: dict[str, Mapping[cst.CSTNode, set]] = {}

    def finder_of(path: str):
        if path not in surveys:
            surveys[path] = survey(modules[path])
        return surveys[path][2]

    def qnames(path: str) -> Mapping[cst.CSTNode, set]:
        if path not in qualified:
            found: dict[cst.CSTNode, set] = {}

            class _Q(Visitor):
                METADATA_DEPENDENCIES = (QualifiedNameProvider,)

                def visit_Name(self, node: cst.Name) -> None:
                    found[node] = set(self.get_metadata(QualifiedNameProvider, node, set()))

                def visit_Attribute(self, node: cst.Attribute) -> None:
                    found[node] = set(self.get_metadata(QualifiedNameProvider, node, set()))

            wrapped(modules[path]).visit(_Q())
            qualified[path] = found
        return qualified[path]

    by_spelling: dict[str, dict[str, set | None]] = {}

    def qnames_of(path: str, node: cst.CSTNode) -> set:
        """``node``'s qualified names; for a node of a copy of the module (``match_files`` parses the module
        again after its swap, so no node of it is one of ``modules[path]``), those its spelling has wherever the
        module spells it so where it names something, where they are the same everywhere (a name bound
        differently somewhere: none)."""
        known = qnames(path)
        if node in known or not isinstance(node, (cst.Name, cst.Attribute)):
            return known.get(node, set())
        if path not in by_spelling:
            by: dict[str, set | None] = {}
            for n, q in known.items():
                text = dotted(n) if isinstance(n, cst.Attribute) else n.value
                if text is None or not q:  # (an import's own name, a keyword: no name of anything)
                    continue
                if text in by and by[text] != q:
                    by[text] = None
                elif text not in by:
                    by[text] = q
            by_spelling[path] = by
        text = dotted(node) if isinstance(node, cst.Attribute) else node.value
        return set(by_spelling[path].get(text) or ()) if text is not None else set()

    linked: dict[str, bool] = {}

    def imports_the_tree(path: str) -> bool:
        """Whether an import statement of ``path`` names another module of the tree, or a package or attribute
        of one (``import pkg`` before ``pkg.mod.f``): where none does, no name of it refers into the tree, and
        its qualified names are not resolved (a tree of one module, most modules of a large tree)."""
        if path not in linked:
            others = [name for name, p in by_name.items() if p != path]
            wanted = _direct_imports(modules[path], names[path].package)
            linked[path] = any(w == o or o.startswith(w + ".") or w.startswith(o + ".") for w in wanted for o in others)
        return linked[path]

    ambiguous: dict[cst.CSTNode, list[str]] = {}  # (a name ``target`` found bound to more than one thing)

    def targets(path: str, node: cst.CSTNode) -> tuple[set[tuple[str, str]], bool]:
        """The (module path, function name) pairs a name in ``path`` may refer to through an import of the tree,
        and whether it may also mean something else (an import from outside the tree, a binding here)."""
        if not imports_the_tree(path):
            return set(), False
        found, other = set(), False
        for q in qnames_of(path, node):
            full = absolute_name(q.name, names[path].package) if q.source is QualifiedNameSource.IMPORT else ""
            module, _, attr = full.rpartition(".")
            if module in by_name and by_name[module] != path:
                found.add((by_name[module], attr))
            else:
                other = True
        return found, other

    def target(path: str, node: cst.CSTNode) -> tuple[str, str] | None:
        """(module path, function name) a name in ``path`` refers to through an import of the tree; None where
        the name may also mean something else (imported in the branches of an ``if`` from two modules, or also
        bound here): which one runs is decided when the program runs, and a rewrite of one of them would leave
        the other fed by what it no longer reads (each is still a use of both: ``_uses``)."""
        found, other = targets(path, node)
        if len(found) == 1 and not other:
            return next(iter(found))
        if found:
            ambiguous[node] = sorted(names[m].name for m, _ in found)
        return None

    def static_target(path: str, func: cst.CSTNode) -> tuple[str, str] | None:
        """(module path, ``"Class.method"``) where ``func`` is ``Class.method`` of a class another module of the
        tree defines, imported here, and the method a ``@staticmethod`` of that class itself (a plain function
        reached through the class: ``MNist.read_and_decode(...)``)."""
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, (cst.Name, cst.Attribute))):
            return None
        where = target(path, func.value)
        cls = None if where is None else class_of(modules[where[0]], where[1])
        if cls is None:
            return None
        fn = method(modules[where[0]], f"{cls.name.value}.{func.attr.value}")
        if fn is None or len(fn.decorators) != 1 or not isinstance(fn.decorators[0].decorator, cst.Name) or \
                fn.decorators[0].decorator.value != "staticmethod":
            return None
        return where[0], f"{cls.name.value}.{func.attr.value}"

    def function(path: str, name: str) -> cst.FunctionDef | None:
        if "." in name:  # ``Class.method`` (``methods.py``)
            return method(modules[path], name)
        if name.startswith("class "):  # a class another module's rewrite changes (``init_source.py``)
            found = [s for s in modules[path].body if isinstance(s, cst.ClassDef) and s.name.value == name[6:]]
            return found[0] if len(found) == 1 else None
        found = [s for s in modules[path].body if isinstance(s, cst.FunctionDef) and s.name.value == name]
        return found[0] if len(found) == 1 else None

    parents: dict[int, tuple[cst.ClassDef, list[cst.ClassDef]]] = {}

    def base_of(cls: cst.ClassDef) -> cst.ClassDef | None:
        """The one base class of ``cls`` that the tree defines (None: several, or none of the tree's)."""
        subclasses(cls)
        found = parents.get(id(cls), (cls, []))[1]
        return found[0] if len(found) == 1 and len(cls.bases) == 1 else None

    def subclasses(cls: cst.ClassDef) -> list[cst.ClassDef]:
        """The module-level classes of the tree deriving from ``cls``, directly or not, their bases followed
        by scope through the tree's imports (``subclasses.py``)."""
        if not parents:
            for p, m in modules.items():
                for c in m.body:
                    if not isinstance(c, cst.ClassDef):
                        continue
                    found = []
                    for b in c.bases:
                        local = class_of(m, b.value.value) if isinstance(b.value, cst.Name) else None
                        where = target(p, b.value) if local is None else None
                        other = class_of(modules[where[0]], where[1]) if where is not None else None
                        found += [k for k in (local, other) if k is not None]
                    parents[id(c)] = (c, found)
        out: list[cst.ClassDef] = []
        todo = [cls]
        while todo:
            current = todo.pop()
            for c, bases in parents.values():
                if any(b is current for b in bases) and all(c is not o for o in out) and c is not cls:
                    out.append(c)
                    todo.append(c)
        return out

    banned: dict[tuple[str, str], str] = {}
    imports: dict[str, list[str]] = {}
    direct: dict[str, list[str]] = {}

    def imported(path: str) -> list[str]:  # (``modules`` never changes: each module's imports are read once)
        if path not in imports:
            imports[path] = _imported(path, modules, names, by_name, direct)
        return imports[path]

    def reach(path: str) -> set[str]:
        """The modules that can hold an object of a class of ``path``: those importing it (directly or not),
        and the modules they import; an unrelated module's ``x.batch`` is no use of it."""
        importers = {p for p in modules if path in imported(p)}
        return (importers | {o for p in importers for o in imported(p)}) - {path}

    def program(path: str) -> list[str]:
        """The sources of the modules that run with ``path`` in one program: it, the modules importing it (whose
        sessions run what it builds), and those it imports (a tree of several scripts is several programs)."""
        return [texts[p] for p in modules if p == path or path in imported(p) or p in imported(path)]

    def resolver(path: str):
        def external(func: cst.CSTNode):
            where = target(path, func)
            if where is None:
                where = static_target(path, func)
            if where is None and func in ambiguous:
                raise Refusal(f"`{dotted(func)}` is imported from {' and '.join(f'`{m}`' for m in ambiguous[func])} "
                              f"in different branches (or also bound in this module): which one the program runs "
                              f"is decided when it runs, and rewriting one would leave the other reading a queue "
                              f"that is gone; `migrate --to compat` runs it through the drop-in")
            if where is None:
                return None
            if where in banned:
                raise Refusal(banned[where])
            fn = function(*where)
            return None if fn is None else (fn, finder_of(where[0]))

        def external_class(node: cst.CSTNode):
            where = target(path, node)
            cls = None if where is None else class_of(modules[where[0]], where[1])
            for _ in range(3):  # (through a package's re-export: ``pkg.Reader()``, its ``__init__`` importing it)
                if cls is not None or where is None:
                    break
                where = _reexported(modules[where[0]], names[where[0]].package, where[1], by_name)
                cls = None if where is None else class_of(modules[where[0]], where[1])
            if cls is None:
                return None
            if (where[0], f"class {cls.name.value}") in banned:
                raise Refusal(banned[(where[0], f"class {cls.name.value}")])

            def check(fn: cst.FunctionDef) -> None:
                key = (where[0], f"{cls.name.value}.{fn.name.value}")
                if key in banned:
                    raise Refusal(banned[key])
            return cls, modules[where[0]], finder_of(where[0]), check

        def class_home(cls: cst.ClassDef):
            """(its module, that module's Finder, the check of a method taken from it) of a class of the tree
            (``objects.method_of``: a class that a caller in another module passes)."""
            for where, m in modules.items():
                if any(s is cls for s in m.body):
                    def check(fn: cst.FunctionDef) -> None:
                        key = (where, f"{cls.name.value}.{fn.name.value}")
                        if key in banned:
                            raise Refusal(banned[key])
                    return m, finder_of(where), check
            return None

        def uses_elsewhere(name: str) -> bool:
            """Another module of the tree uses this module's function ``name`` (``param_data.py``)."""
            fn = function(path, name)
            return fn is None or \
                _uses((path, name), modules, targets, finder_of) != len(finder_of(path).scopes.callers(fn))

        def calls_elsewhere(name: str) -> list[tuple]:
            """(call or None, its statement, module, Finder) of each use of this module's function ``name`` in the
            tree's other modules (``passed_class.py``)."""
            from tfdata_bridge._src.migrate.passed_class import _calls, with_resolver

            out: list[tuple] = []
            keys = {(path, name)}
            for _ in range(3):  # (a package's ``__init__`` re-exporting it: ``pkg.f(...)`` is a call of it too)
                more = {(other, bound) for other, module in modules.items() if other != path
                        for bound in _bound_imports(module)
                        if _reexported(module, names[other].package, bound, by_name) in keys}
                if more <= keys:
                    break
                keys |= more
            for other, module in modules.items():
                if other == path or path not in imported(other):
                    continue
                # (the re-export itself, ``from .inputs import f``, names it: its uses are those counted)
                bare = {id(n) for s in module.body if isinstance(s, cst.SimpleStatementLine) for i in s.body
                        if isinstance(i, cst.ImportFrom) and len(keys) > 1 for n in nodes_of(i, cst.Name)}
                uses = [n for n in [*nodes_of(module, cst.Name), *nodes_of(module, cst.Attribute)]
                        if id(n) not in bare and target(other, n) in keys]
                site = with_resolver(finder_of(other), resolver(other))
                out += [(call, stmt, module, site) for call, stmt in _calls(module, uses)]
            return out

        def home(func: cst.CSTNode):
            """(function, its module, that module's Finder, the tree's reason it cannot be turned or None) of a
            function of another module (``foreign_batch.py``)."""
            where = target(path, func)
            fn = function(*where) if where is not None and "." not in where[1] else None
            return None if fn is None else (fn, modules[where[0]], finder_of(where[0]), banned.get(where))

        external.home = home  # type: ignore[attr-defined]

        def home_site(func: cst.CSTNode):
            """The Finder, answering its own imports of the tree, of the module whose function ``func`` names
            (``feed/handed.py`` reads a parameter of it at that function's callers); None where none is."""
            from tfdata_bridge._src.migrate.passed_class import with_resolver

            where = target(path, func)
            if where is None or "." in where[1] or function(*where) is None:
                return None
            return with_resolver(finder_of(where[0]), resolver(where[0]))

        external.home_site = home_site  # type: ignore[attr-defined]

        def imported_name(name: str):
            """(the tree's module ``name`` is imported from, the name there) or (the module ``name`` is, None)
            (``stateful_captures.py`` reads another module's names)."""
            for stmt in modules[path].body:
                small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
                if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
                    base = absolute_name("." * len(small.relative) + (dotted(small.module) if small.module else ""),
                                         names[path].package)
                    for alias in small.names:
                        if (alias.evaluated_alias or alias.evaluated_name) != name:
                            continue
                        full = f"{base}.{alias.evaluated_name}" if base else alias.evaluated_name
                        if full in by_name:
                            return modules[by_name[full]], None
                        if base in by_name:
                            return modules[by_name[base]], alias.evaluated_name
                elif isinstance(small, cst.Import):
                    for alias in small.names:
                        bound = alias.evaluated_alias or alias.evaluated_name
                        if bound == name and alias.evaluated_name in by_name:
                            return modules[by_name[alias.evaluated_name]], None
            return None

        external.imported = imported_name  # type: ignore[attr-defined]

        def global_of(spelled: str):
            """(the tree's module, its Finder, the rest of the name) that ``spelled`` (``mod.NAME``,
            ``pkg.mod.NAME``, ``NAME`` imported by name, ``mod.Config.NAME``) read in this module reaches through
            this module's imports, a package's re-export followed (``compression.py``); None otherwise."""
            parts = spelled.split(".")
            got = imported_name(parts[0])
            if got is not None:
                home = next(p for p, m in modules.items() if m is got[0])
                rest = ([got[1]] if got[1] else []) + parts[1:]
            else:  # ``import pkg.mod`` then ``pkg.mod.NAME``
                bound = {dotted(a.name) for s in modules[path].body if isinstance(s, cst.SimpleStatementLine)
                         for i in s.body if isinstance(i, cst.Import) for a in i.names if a.asname is None}
                prefix = next((k for k in range(len(parts) - 1, 0, -1) if ".".join(parts[:k]) in bound and
                               ".".join(parts[:k]) in by_name), None)
                if prefix is None:
                    return None
                home, rest = by_name[".".join(parts[:prefix])], parts[prefix:]
            for _ in range(3):  # (``from pkg import NAME``, the package's ``__init__`` importing it)
                if not rest or home == path:
                    return None
                again = _reexported(modules[home], names[home].package, rest[0], by_name)
                if again is None:  # (its Finder answers its own imports of the tree: a constant of a third module)
                    from tfdata_bridge._src.migrate.passed_class import with_resolver

                    return modules[home], with_resolver(finder_of(home), resolver(home)), rest
                sub = f"{names[again[0]].name}.{again[1]}"
                if sub in by_name and len(rest) > 1 and \
                        not any(again[1] in names_in(t.target) for t in nodes_of(modules[home], cst.AssignTarget)) and \
                        not any(isinstance(d, (cst.FunctionDef, cst.ClassDef)) and d.name.value == again[1]
                                for d in modules[home].body):
                    # (``pkg.mod.NAME``, the package's ``__init__`` importing its submodule ``mod`` and binding
                    # ``mod`` to nothing else)
                    home, rest = by_name[sub], rest[1:]
                    continue
                home, rest = again[0], [again[1], *rest[1:]]
            return None

        external.global_of = global_of  # type: ignore[attr-defined]
        external.classdef = external_class  # type: ignore[attr-defined]
        def subclasses_of(cls: cst.ClassDef) -> list[cst.ClassDef]:
            """``subclasses``; a class of a form's rewritten module (new nodes) read as the module's class of the
            same name and bases, as the tree read it (the forms keep classes, names and bases as written)."""
            subclasses(cls)  # (``parents`` filled)
            if id(cls) not in parents:
                read = class_of(modules[path], cls.name.value)
                if read is not None and len(read.bases) == len(cls.bases) and \
                        all(a.deep_equals(b) for a, b in zip(read.bases, cls.bases)):
                    cls = read
            return subclasses(cls)

        external.subclasses = subclasses_of  # type: ignore[attr-defined]
        external.tree_module = modules[path]  # type: ignore[attr-defined]  # (this module, as the tree read it)
        external.class_home = class_home  # type: ignore[attr-defined]

        def class_site(cls: cst.ClassDef):
            """(its module, that module's Finder answering its own imports of the tree) of a class of the tree
            (``provider_objects.py`` follows a call of its ``__init__`` to a function of a third module)."""
            from tfdata_bridge._src.migrate.passed_class import with_resolver

            found = [w for w, m in modules.items() if any(s is cls for s in m.body)] or [
                w for w, m in modules.items() for s in m.body  # (a copy read from a rewritten text)
                if isinstance(s, cst.ClassDef) and s.name.value == cls.name.value and s.deep_equals(cls)]
            if len(found) != 1:
                return None
            return modules[found[0]], with_resolver(finder_of(found[0]), resolver(found[0]))

        external.class_site = class_site  # type: ignore[attr-defined]
        external.base_of = base_of  # type: ignore[attr-defined]
        external.calls_elsewhere = calls_elsewhere  # type: ignore[attr-defined]

        def method_calls(name: str) -> list[tuple]:
            """(call or None, its statement, module, Finder) of each ``x.name`` in every module of the tree but
            this one (``feed/handed.py``: the callers of a method, read by its name: an object may go anywhere);
            a string literal spelling ``name`` (a ``getattr``) counts as a use that is no call."""
            from tfdata_bridge._src.migrate.passed_class import _calls, with_resolver

            out: list[tuple] = []
            for other, module in modules.items():
                if other == path:
                    continue
                uses = [n for n in nodes_of(module, cst.Attribute) if n.attr.value == name]
                site = with_resolver(finder_of(other), resolver(other))
                out += [(call, stmt, module, site) for call, stmt in _calls(module, uses)]
                out += [(None, None, module, site) for s in nodes_of(module, cst.SimpleString)
                        if s.evaluated_value == name]
            return out

        external.method_calls = method_calls  # type: ignore[attr-defined]
        external.other_texts = lambda: [code_of(m) for p, m in modules.items() if p != path]  # (``shared_names.py``)
        external.attribute_uses = lambda name: sum(  # type: ignore[attr-defined]
            attribute_uses(modules[p], name) for p in reach(path))  # (``object_pipeline.py``)
        external.uses_elsewhere = uses_elsewhere  # type: ignore[attr-defined]
        def stored_class(node: cst.CSTNode):
            """(a class of the tree, its module, ``x.name`` counted in the modules that can hold one of its
            objects: its own, those importing it and theirs) that ``node`` names, through a package's re-export
            too (``from deeplab_lib import ImageReader``, its ``__init__`` importing it): ``stored_coord.py``."""
            where = target(path, node)
            for _ in range(3):
                if where is None:
                    return None
                cls = class_of(modules[where[0]], where[1])
                if cls is not None:
                    home = where[0]
                    return cls, modules[home], lambda name: sum(
                        attribute_uses(modules[p], name) for p in reach(home) | {home})
                where = _reexported(modules[where[0]], names[where[0]].package, where[1], by_name)
            return None

        external.stored_class = stored_class  # type: ignore[attr-defined]
        external.runner_helpers = runner_helpers  # type: ignore[attr-defined]  (``runner_helpers.py``)
        external.attribute_uses_elsewhere = lambda name: sum(  # type: ignore[attr-defined]  (``held_plumbing.py``)
            attribute_uses(modules[p], name) for p in (reach(path) | set(imported(path))) - {path})
        external.attribute_tested = lambda name: any(  # type: ignore[attr-defined]  (``feed/klass.py``'s sizes)
            attribute_tested(modules[p], name) for p in reach(path) | set(imported(path)) | {path})
        return external

    # the functions that only start the QUEUE_RUNNERS collection's runners, by qualified name (``runner_helpers.py``)
    runner_helpers = frozenset(f"{names[p].name}.{f}" for p, m in modules.items() if "create_threads" in texts[p]
                               for f in module_runner_helpers(m))
    # a module that reads the queue-runner collection keeps its queues, and so does every module it imports
    frozen: dict[str, str] = {}
    epochs = any(counts_epochs(m) for m in modules.values())  # (a local-variables read: ``local_reads.py``)
    # (a lookup by a pipeline op's name, in any module of the tree: ``graph_names.py``; no visit where none asks)
    op_names = {n for m in modules.values() for n in pipeline_names(m)} if any(
        asks_graph(m) for m in modules.values()) else set()
    for path, module in modules.items():
        why = runner_collection_read(module, os.path.relpath(path, root)) or \
            epoch_counter_read(module, os.path.relpath(path, root), epochs)
        near: list[str] = []
        if why is None:  # (a name looked up may be of a pipeline its importers build too: they keep theirs)
            why = named_graph_read(module, os.path.relpath(path, root), op_names)
            near = sorted(reach(path)) if why is not None else []
        if why is not None:
            for other in [path, *imported(path), *near]:
                frozen.setdefault(other, why)
    # pass 1: what each module's rewrites need of the others' helpers
    needed: dict[tuple[str, str], list] = {}
    first: dict[str, tuple] = {}  # path -> pass 1's (module, notes): pass 2's own where nothing it asked changed
    # caller path -> {its producer statement: (its new statements, the path of the function it is handed to, the
    # line of that function's pipeline)}: a file queue handed to another module's function that reads it
    handed: dict[str | None, dict[cst.SimpleStatementLine, tuple[list, str, int]]] = {}
    asked: dict[str, list] = {}  # path -> the producer statements its last run asked for (``_check_handed``)
    for path, module in modules.items():
        requests: list = []
        out, notes, _ = run(module, external=resolver(path), requests=requests, frozen=frozen.get(path))
        first[path] = (out, notes)
        asked[path] = [r[0] for r in requests if isinstance(r[0], cst.SimpleStatementLine)]
        for fn, new_fn, line in requests:
            if isinstance(fn, cst.SimpleStatementLine):  # a caller's producer, handed to this module's function
                caller = next((p for p, m in modules.items() if p != path and
                               any(s is fn for s in nodes_of(m, cst.SimpleStatementLine))), None)
                handed.setdefault(caller, {})[fn] = (new_fn, path, line)  # (``passed_queue.py``)
                continue
            spelled = ("class " if isinstance(fn, cst.ClassDef) else "") + fn.name.value
            key = next((k for k in [(p, spelled) for p in modules] if function(*k) is fn), None) \
                if new_fn is not None else None
            key = key or method_key(modules, fn)  # (a static method called through its class: ``static_target``)
            needed.setdefault(key, []).append(new_fn)
    def _another_class(p: str, node: cst.Attribute, cls, name: str) -> bool:
        """``Other.name`` in ``p`` where ``Other`` is imported from another module of the tree and names a class
        other than ``cls`` that defines ``name`` itself (orchard's ``Meta.train`` beside ``Batch.train``): a use
        of that class's method, not of ``cls``'s."""
        from tfdata_bridge._src.migrate.subclasses import defines

        if not isinstance(node.value, cst.Name):
            return False
        where = target(p, node.value)
        other = class_of(modules[where[0]], where[1]) if where is not None else None
        return other is not None and other is not cls and defines(other, name)

    for key, news in needed.items():
        if key[0] in frozen:  # its helpers stay as they are
            banned[key] = frozen[key[0]]
            continue
        if "." in key[1]:  # a method inlined where it was called, which goes from its class
            # (``x.<name>`` counted where an object of the class can go: its module, its importers and theirs,
            # the modules it imports)
            where = reach(key[0]) | set(imported(key[0])) | {key[0]}
            owner, _, method_name = key[1].rpartition(".")
            cls = next((c for c in modules[key[0]].body if isinstance(c, cst.ClassDef) and c.name.value == owner),
                       None)
            base = base_declaring(modules[key[0]], cls, method_name) if cls is not None else None
            if base is not None and news[0] is None:
                banned[key] = (f"the reader method `{key[1]}` of {os.path.relpath(key[0], root)} cannot go from its "
                               f"class: `{base}`, a base of `{owner}`, may declare it abstract (every subclass "
                               "must define it)")
            elif method_uses({p: modules[p] for p in where}, function(*key),
                             skip=lambda p, node: _another_class(p, node, cls, method_name)) != len(news):
                banned[key] = (f"the reader method `{key[1]}` of {os.path.relpath(key[0], root)} is also used "
                               "where no pipeline is rewritten; it cannot " + (
                                   "go from its class" if news[0] is None else
                                   "become a function of the record for some callers alone"))
            elif news[0] is not None and not all(n is not None and n.deep_equals(news[0]) for n in news):
                banned[key] = (f"the reader method `{key[1]}` of {os.path.relpath(key[0], root)} is rewritten "
                               "differently for its callers; it cannot be one function of the record for all")
            continue
        uses = _uses(key, modules, targets, finder_of)
        if uses != len(news) or len({n.deep_equals(news[0]) for n in news}) != 1 or \
                not all(n.deep_equals(news[0]) for n in news):
            banned[key] = (f"the reader helper `{key[1]}` of {os.path.relpath(key[0], root)} is also used where no "
                           "pipeline is rewritten; its reader lines cannot go for some callers alone")
    # pass 2: every module, helpers replaced where every use of them is rewritten
    def write(path: str, keep_plumbing: str | None = None, drop_plumbing: bool = False) -> None:
        functions = {function(*key): news[0] for key, news in needed.items() if key[0] == path and key not in banned}
        functions.update({stmt: new for stmt, (new, _, _) in handed.get(path, {}).items()})
        if not functions and not banned and keep_plumbing is None and not drop_plumbing:
            # (the run is a function of the module, its helpers' replacements and what is banned: with no helper
            # of its own replaced and nothing banned since, pass 1's run was this very run)
            out, notes = first[path]
        else:
            again: list = []
            out, notes, _ = run(modules[path], external=resolver(path), functions=functions, requests=again,
                                keep_plumbing=keep_plumbing, drop_plumbing=drop_plumbing, frozen=frozen.get(path))
            asked[path] = [r[0] for r in again if isinstance(r[0], cst.SimpleStatementLine)]
        code = out.code if elided[path] is None else elided[path].restore(out.code)
        if code is None:  # a placeholder did not come through: this module on its own, whole
            asked[path] = []  # (on its own, it follows no queue handed across modules)
            results[path] = rewrite(texts[path], to="tfdata") if path not in frozen else \
                RewriteResult(texts[path], texts[path], "tfdata", tuple(sorted(notes, key=lambda n: n.line)))
            return
        # the divisions tf.data now runs, as legacy's session did
        code = keep_legacy_divisions(texts[path], code, program=program(path))
        results[path] = RewriteResult(texts[path], code, "tfdata", tuple(sorted(notes, key=lambda n: n.line)))

    for path in modules:
        write(path)
    _check_handed(handed, results, texts, write, root, asked)
    unchanged = {path for path in modules if results[path].code == texts[path]}

    def near(path: str) -> set[str]:  # where objects of a class of ``path`` can go: importers, and imports
        return reach(path) | set(imported(path))

    # a class's reader factory that no module's read calls any more (again once plumbing goes, below)
    dropped = _drop_dead_factories(modules, texts, results, near)
    _drop_dead_providers(modules, texts, results, near)
    drop_unused_queue_helpers(modules, results, texts, near, {p: (n.name, n.package) for p, n in names.items()})
    fed_callers = _feed_classes_used_elsewhere(modules, texts, results, root, names, reach, resolver)
    # a module with no pipeline of its own whose runners ran the pipelines of the modules it imports, rewritten
    for path in modules:
        if path in unchanged:
            imports_of = imported(path)
            if any(results[o].code != texts[o] for o in imports_of) and not any(_pipelines_left(results[o].code)
                                                                              for o in imports_of):
                write(path, drop_plumbing=True)
                if dropped and _drop_dead_factories({path: modules[path]}, texts, results, near, among=modules):
                    _replumb(path, texts, results)  # its runners were kept for the factory's reader alone
    # a module with no pipeline whose runners serve the programs importing it (a session helper class of another
    # module, ``held_plumbing.py``; a context manager that starts the collection's runners one by one, slim's
    # ``queues.QueueRunners``): they go where every module they can reach is left with no queue pipeline
    for path in modules:
        if path in unchanged and results[path].code == texts[path] and (
                "start_queue_runners" in texts[path] or "create_threads" in texts[path] and
                runner_contexts(modules[path])):
            near_ = reach(path) | set(imported(path))
            importers = [p for p in modules if path in imported(p)]
            if importers and any(results[p].code != texts[p] for p in importers) and \
                    not any(_pipelines_left(results[o].code) for o in near_) and not _pipelines_left(texts[path]):
                write(path, drop_plumbing=True)
    # pass 3: a module whose runners were taken out keeps them while a module of its program still builds a queue
    # pipeline: one it imports, or one its importers import (``start_queue_runners`` starts every runner of the
    # graph, wherever it was made: a batch built by another module and handed in as an argument is run by the
    # runners started here; without them its dequeue would wait forever)
    # (a Supervisor made a Session is such plumbing too: it started every runner of the graph; and a runner left
    # is a queue API left, or a ``QueueRunner`` / ``add_queue_runner`` that registers one for a queue it is handed)
    left = {path: _pipelines_left(results[path].code) for path in modules}

    def call_into(path: str, others: set[str]) -> str | None:
        """The first call in ``path`` of a function of a module of ``others``, or of a module that imports one."""
        for call in nodes_of(modules[path], cst.Call):
            found, _ = targets(path, call.func)
            if any(m in others or others & set(imported(m)) for m, _ in found):
                return dotted(call.func) or code_of(call.func)
        return None

    for path in modules:
        if not any(PLUMBING_WENT in n.message or SUPERVISOR_WENT in n.message for n in results[path].notes):
            continue
        mine = imported(path)
        for other in [*mine, *sorted(reach(path) - set(mine))]:
            if left.get(other):
                line, api = left[other][0]
                how = "which this module imports" if other in mine else "a module of the same program"
                called = call_into(path, {other}) if other in mine else None
                rel = os.path.relpath(other, root)
                write(path, f"`tf.compat.v1.{api}` at {rel}:{line}, {how}, is still a queue pipeline" if called is None
                      else f"`{called}(...)`, called here, runs code of {rel} ({how}), where `tf.compat.v1.{api}` at "
                           f"{rel}:{line} is still a queue pipeline: its runner is left in the graph, for this "
                           "module's plumbing to start")
                break
    _stored_reader_classes(modules, texts, results, resolver, imported, near)  # (then importers' plumbing goes)
    if any("runs in a loop or a nested function (one per tower" in n.message or
           "(each dequeue takes other elements)" in n.message or
           "which the rewrite does not follow: each dequeue made where it goes" in n.message for r in results.values()
           for n in r.notes):  # a prefetch queue of batches dequeued per tower (``towers.py``)
        from tfdata_bridge._src.migrate.towers import tower_queues
        tower_queues(modules, texts, results, names)
    if any("threading" in t for t in texts.values()):  # a feeding class's coordinator handed from elsewhere
        from tfdata_bridge._src.migrate.feed.handed_coord import handed_coordinators
        handed_coordinators(modules, texts, results, names)
    if fed_callers:  # the calls of a feeding class's starter in other modules (``feed/across_calls.py``)
        _feed_callers(fed_callers, modules, texts, results, root, names)
    if any(_COORD_KEPT in n.message for r in results.values() for n in r.notes):
        # a coordinator handed to a function or method of the tree that no longer reads it (``unused_coord.py``)
        from tfdata_bridge._src.migrate.unused_coord import unused_coordinators
        unused_coordinators(modules, texts, results, names)
    _foreign_divisions(modules, texts, results, names, by_name, program)
    _imports_of_removed_names(results, names, by_name)
    return {p: results[os.path.abspath(p)] for p in sources}


_COORD_KEPT = "kept (harmless without runners): it is used at line"


def _top_names(code: str) -> set[str] | None:
    """The names a module's code binds at its top (functions, classes, assignments, imports; None: it does not
    parse, or a star import, ``globals()`` or a module ``__getattr__`` could bind others)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                found.add((alias.asname or alias.name).split(".")[0])
        else:
            found.update(n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    return None if "globals" in code or "__getattr__" in found else found


def _imports_of_removed_names(results, names, by_name) -> None:
    """A name another module of the tree imports by name (``from ..core.input import read_png_image, Input``) that
    the rewrite took out of its module (a helper written at its call) and that the importer never reads: the
    import goes too, where it would fail (round 64: an import left from a refactor, read nowhere, made the
    migrated package fail with ``ImportError``). A name the importer reads is a call its rewrite followed."""
    from dataclasses import replace

    for path, result in list(results.items()):
        if path not in names or "import" not in result.code:
            continue
        try:
            tree = ast.parse(result.code)
        except (SyntaxError, ValueError):
            continue
        read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store)}
        drop: dict[int, set[str]] = {}
        for node in tree.body:
            if not isinstance(node, ast.ImportFrom) or node.module is None and not node.level:
                continue
            module = absolute_name("." * node.level + (node.module or ""), names[path].package) if node.level \
                else node.module
            home = by_name.get(module)
            if home is None or home == path or home not in results or results[home].code == results[home].source:
                continue
            before, after = _top_names(results[home].source), _top_names(results[home].code)
            if before is None or after is None:
                continue
            for alias in node.names:
                if alias.name in before and alias.name not in after and (alias.asname or alias.name) not in read:
                    drop.setdefault(node.lineno, set()).add(alias.name)
        if drop:
            results[path] = replace(result, code=_without_imported(result.code, drop))


def _without_imported(code: str, drop: Mapping[int, set[str]]) -> str:
    """``code`` less the given names of its ``from ... import`` statements (by line); a statement left with no
    name goes."""
    module = cst.parse_module(code)
    positions = wrapped(module).resolve(PositionProvider)

    class Dropped(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            small = updated.body[0] if len(updated.body) == 1 else None
            line = positions[original].start.line if original in positions else None
            if not isinstance(small, cst.ImportFrom) or line not in drop or isinstance(small.names, cst.ImportStar):
                return updated
            kept = [a for a in small.names if dotted(a.name) not in drop[line]]
            if not kept:
                return cst.RemovalSentinel.REMOVE
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated.with_changes(body=[small.with_changes(names=kept)])

    return module.visit(Dropped()).code


def _check_handed(handed, results, texts, write, root, asked) -> None:
    """Each file queue handed to another module's function: its producer's new statements stand in the caller's
    module only where that function's pipeline is rewritten in its own (and the other way round, the caller
    leaving nothing refused): a caller whose
    statements did not come through leaves the function's module whole, saying why; a function whose pipeline its
    module did not take (another caller's rewrite made it a function of the record) leaves the caller as its
    pass wrote it without them."""
    from tfdata_bridge._src.migrate.results import Note

    def first_line(node: cst.CSTNode) -> str:
        return cst.Module([]).code_for_node(node.with_changes(leading_lines=())).strip().splitlines()[0]

    entries = []  # (caller, helper, line, taken there, written here)
    for caller, stmts in handed.items():
        for old, (new, helper, line) in stmts.items():
            # (taken there: its module's last run, the one written, asked for this statement; a rewrite undone
            # there, or not made in that run, asked for none)
            took = any(r is old for r in asked.get(helper, ())) and results[helper].code != texts[helper]
            # (and the caller, written with them, leaves nothing refused: a pipeline of its left over the new
            # dataset would be a legacy batch of the helper's tensors, half migrated, which neither the rewrite
            # nor the drop-in's fallback was checked on; its own forms are not tried where statements are
            # handed to it)
            written = caller is not None and first_line(old) not in results[caller].code and \
                all(first_line(s) in results[caller].code for s in new) and not results[caller].refused
            entries.append((caller, helper, line, took, written))
    reverted: dict[str, list[int]] = {}  # a function's module kept whole: the lines of its pipelines left
    cleared: set = set()  # callers written again without the statements handed to them
    changed = True
    while changed:  # (a module kept whole takes back what it handed; a caller without them, what it was handed)
        changed = False
        for caller, helper, line, took, written in entries:
            took = took and helper not in reverted
            written = written and caller not in cleared and caller not in reverted
            if took and written:
                continue
            # (not taken there: that function stays a reader of the queue, or is the function of the record another
            # caller's pipeline asked for, which makes its own dataset; either way the producer stays as written)
            if took:
                reverted.setdefault(helper, []).append(line)
                changed = True
            if caller not in cleared:
                cleared.add(caller)
                changed = True
    for caller in cleared:
        if caller is not None and caller not in reverted:
            handed[caller] = {}
            write(caller)
    for helper, lines in reverted.items():
        where = "the module of a caller handing it its file queue"
        results[helper] = RewriteResult(texts[helper], texts[helper], "tfdata", tuple(
            Note(line, f"pipeline left unchanged: {where} is not rewritten with it (its producer stays a queue); the "
                       f"module {os.path.relpath(helper, root)} stays as it was") for line in sorted(set(lines))))


def _foreign_divisions(modules, texts, results, names, by_name, program) -> None:
    """The functions of a module that another module's new dataset calls run (``.map(records.parse)``, or a
    helper such a function calls) divide as legacy's session did too (``legacy_divisions.py``)."""
    from dataclasses import replace

    from tfdata_bridge._src.migrate.legacy_divisions import foreign

    wanted: dict[str, set[str]] = {}
    for path in modules:
        for q in foreign(texts[path], results[path].code):
            module, _, fn = absolute_name(q, names[path].package).rpartition(".")
            if by_name.get(module) not in (None, path):
                wanted.setdefault(by_name[module], set()).add(fn)
    for path, functions in wanted.items():
        code = keep_legacy_divisions(texts[path], results[path].code, functions, program=program(path))
        if code != results[path].code:
            results[path] = replace(results[path], code=code)


def _feed_classes_used_elsewhere(modules, texts, results, root, names, reach, resolver=None) -> dict[str, list]:
    """A module whose feeding class another module uses beyond what the rewrite can follow (its queue, ops or
    placeholders read through an instance, ``feed/across.py``; its starter's calls and the thread they return
    where they cannot be changed as in the class's own module, ``feed/across_calls.py``) stays as it was,
    saying so. Returns, per other module, the classes whose calls there are changed (``_feed_callers``)."""
    from tfdata_bridge._src.migrate.calls import Refusal
    from tfdata_bridge._src.migrate.feed.across import feed_classes
    from tfdata_bridge._src.migrate.feed.across_calls import caller_edits, coordinators_passed, interface
    from tfdata_bridge._src.migrate.feed.class_coord import drop_params
    from tfdata_bridge._src.migrate.results import Note

    planned: dict[str, list] = {}
    for path in modules:
        if results[path].code == texts[path] or not any(
                n.kind == "info" and n.message.startswith("the feed thread's") for n in results[path].notes):
            continue
        classes = feed_classes(modules[path], resolver(path) if resolver is not None else None)
        if not classes:
            continue
        new = parsed(results[path].code)
        old_defs = {c.name.value: c for c in modules[path].body if isinstance(c, cst.ClassDef)}
        new_defs = {c.name.value: c for c in new.body if isinstance(c, cst.ClassDef)}
        faces = {c: interface(old_defs[c], new_defs[c], attrs, handles, remote, threaded, listed)
                 for c, (_, attrs, handles, remote, threaded, listed) in classes.items()
                 if c in old_defs and c in new_defs}
        # a starter's parameter the class reads no more, a coordinator at every call in the tree: it goes
        others = [o for o in modules if o != path and any(c in texts[o] for c in classes)]
        emptied: dict[str, dict[str, list[str]]] = {}
        for c, face in faces.items():
            verdicts: dict[tuple[str, str], bool] = {}
            for other in others:
                for key, ok in coordinators_passed(modules[other], f"{names[path].name}.{c}", names[other].package,
                                                   face).items():
                    verdicts[key] = verdicts.get(key, True) and ok
            for (method, param), ok in verdicts.items():
                if ok and not any(isinstance(n, cst.Attribute) and n.attr.value == method
                                  for n in nodes_of(new_defs[c], cst.Attribute)):  # (not called in the class)
                    face.dropped.setdefault(method, []).append(param)
                    emptied.setdefault(c, {}).setdefault(method, []).append(param)
        mine: list[tuple[str, str, str]] = []
        why = None
        for face in faces.values():
            face.read_at.clear()
            face.threads_at.clear()
        handed_to: dict[str, list[tuple[str, str]]] = {}  # class -> (module, class) handed an instance of it
        for other in modules:
            if other == path or not any(c in texts[other] for c in classes):  # (a module naming none: no use)
                continue
            for c, face in faces.items():
                qname = f"{names[path].name}.{c}"
                pending: list[tuple[str, set[str]]] = []
                where = other
                hand = _handing(modules, names, other, path, c, pending, handed_to.setdefault(c, []))
                try:
                    edits = caller_edits(modules[other], qname, names[other].package, face, other, handed=hand)
                    if edits is not None:
                        mine.append((other, qname, c, None, hand))
                    # (an instance handed to a class of another module: its reads there, ``handed_instance.py``)
                    for receiver, owners in pending:
                        where = receiver
                        if caller_edits(modules[receiver], qname, names[receiver].package, face, receiver,
                                        owners=owners) is not None:
                            mine.append((receiver, qname, c, owners, None))
                except Refusal as exc:
                    why = (c, f"`{c}` left: {os.path.relpath(where, root)} {exc}; this module is left as it was "
                              "(`--fallback compat` runs it through the drop-in)")
                    break
            if why is not None:
                break
        for c, receivers in handed_to.items() if why is None else ():
            from tfdata_bridge._src.migrate.feed.handed_instance import constructions
            for receiver, name in sorted(set(receivers)):  # (each construction of it is handed one: followed)
                made = constructions(modules, names, receiver, name)
                if made != receivers.count((receiver, name)):
                    why = (c, f"`{c}` left: its instances are handed to `{name}` ({os.path.relpath(receiver, root)}), "
                              f"which is also made or named elsewhere in the tree without one: its reads of the "
                              "handed instance are not rewritten; this module is left as it was (`--fallback compat` "
                              "runs it through the drop-in)")
                    break
        for c, face in faces.items():  # (a feeding method another module threads: one thread per instance)
            for method, (_, _, _, left) in face.threaded.items() if why is None else ():
                made = [t for t in face.threads_at]
                if not made:
                    why = (c, f"`tf.compat.v1.FIFOQueue` left: {left}")
                elif len(set((m, o) for m, o, _ in made)) != len(made):
                    where = ", ".join(f"{os.path.relpath(p, root)}:{line}" for p, _, line in made)
                    why = (c, f"`tf.compat.v1.FIFOQueue` left: several threads run `{c}.{method}` on one instance "
                              f"({where}), each closing its queue: which data legacy delivers is a race")
        for c, face in faces.items():  # (the queue another module dequeues: one dequeue in the tree, or left)
            for attr in face.remote if why is None else ():
                reads = [r for r in face.read_at if r[1] == attr]
                # (read as a queue through what the rewrite does not follow: an instance handed on, made elsewhere)
                queue_read = rf"\.\s*{attr}\s*\.\s*(?:dequeue\w*|enqueue\w*|close|size|is_closed|name|dtypes|shapes|" \
                             rf"names|queue_ref)\b"
                seen = sum(len(re.findall(queue_read, texts[o])) for o in reach(path))
                if len(reads) != 1 or seen != 1:
                    from tfdata_bridge._src.migrate.feed.klass import _UNREAD
                    where = ", ".join(f"{os.path.relpath(p, root)}:{line}" for p, _, line in reads)
                    why = (c, f"`tf.compat.v1.{face.remote[attr]}` left: " + (_UNREAD.format(attr) if not reads else (
                        f"`{attr}` is dequeued through instances of `{c}` in {len(reads)} places ({where}); the "
                        "rewrite needs one dequeue") if len(reads) != 1 else (
                        f"`{attr}` is dequeued through an instance of `{c}` at {where}, and read as a queue beyond "
                        "what the rewrite follows (an instance handed on, or made in another module)")))
        if why is not None:
            results[path] = RewriteResult(texts[path], texts[path], "tfdata", (Note(classes[why[0]][0], why[1]),))
            continue
        if emptied:
            body = []
            for stmt in new.body:
                if isinstance(stmt, cst.ClassDef) and stmt.name.value in emptied:
                    gone = emptied[stmt.name.value]
                    stmt = stmt.with_changes(body=stmt.body.with_changes(body=[
                        drop_params(m, gone[m.name.value]) if isinstance(m, cst.FunctionDef) and m.name.value in gone
                        else m for m in stmt.body.body]))
                body.append(stmt)
            results[path] = RewriteResult(texts[path], new.with_changes(body=body).code, "tfdata",
                                          results[path].notes)
        for other, qname, c, owners, hand in mine:
            planned.setdefault(other, []).append((path, qname, faces[c], owners, hand))
    return planned


def _handing(modules, names, other: str, path: str, cls: str, pending: list, handed_to: list):
    """``caller_edits``'s ``handed``: an instance of ``cls`` (``path``'s feeding class) that ``other`` hands
    whole to a class's constructor is followed into that class (``feed/handed_instance.py``): the names it is
    read through there when that class is in ``other``; where in another module, its reads there are followed
    after (``pending``); each such class is recorded (``handed_to``: every construction of it must be one of
    these). Raises ``Refusal`` where the call constructs no class of the tree."""
    from tfdata_bridge._src.migrate.calls import Refusal
    from tfdata_bridge._src.migrate.feed.handed_instance import receiver_owners, receiving_class

    def hand(module, call, arg, at):
        found = receiving_class(modules, names, other, module, call)
        if found is None or found[0] == path:
            raise Refusal(f"passes on or reads whole `{module.code_for_node(arg.value)}`, a `{cls}`, at line "
                          f"{at(arg)}")
        receiver, name = found
        handed_to.append((receiver, name))
        if receiver == other:
            return receiver_owners(module, name, call, arg, at)
        pending.append((receiver, receiver_owners(modules[receiver], name, call, arg, at)))
        return set()

    return hand


def _feed_callers(planned, modules, texts, results, root, names) -> None:
    """The calls of a rewritten feeding class's changed methods in the tree's other modules, changed as in the
    class's own module (``feed/across_calls.py``); the coordinator that only went to its starter is then the
    plumbing pass's again."""
    from dataclasses import replace

    from tfdata_bridge._src.migrate.calls import Refusal
    from tfdata_bridge._src.migrate.feed.across_calls import caller_edits
    from tfdata_bridge._src.migrate.plumbing import remove_plumbing
    from tfdata_bridge._src.migrate.results import Note

    for other, classes in planned.items():
        code, notes = results[other].code, list(results[other].notes)
        try:
            for path, qname, face, owners, hand in classes:
                if results[path].code == texts[path]:
                    continue  # (the class's module was left after all)
                edits = caller_edits(parsed(code), qname, names[other].package, face, owners=owners, handed=hand)
                if edits is None:
                    continue
                module, done = edits
                code = module.code
                rel = os.path.relpath(path, root)
                notes += [Note(line if isinstance(line, int) else 0, f"{what}, as in {rel}", kind="info")
                          for line, what in done]
        except Refusal:
            continue  # (its rewrite changed what was followed: it stays as the tree's passes left it)
        if code == results[other].code:
            continue
        again, more = remove_plumbing(parsed(code))
        if more and again.code != code and not any(n.kind == "refused" for n in more):
            code = again.code
            notes = [n for n in notes if "harmless without runners" not in n.message] + more
        results[other] = replace(results[other], code=code, notes=tuple(sorted(notes, key=lambda n: n.line)))


def _pipelines_left(code: str) -> list[tuple[int, str]]:
    try:
        return pipelines_left(parsed(code))
    except cst.ParserSyntaxError:
        return []


def _imported(path: str, modules: Mapping[str, cst.Module], names, by_name: Mapping[str, str],
              direct: dict[str, list[str]] | None = None) -> list[str]:
    """The tree's modules ``path`` imports, directly or through other modules of the tree, nearest first.
    ``direct``: a cache of each module's own imports (module names), read once per module of a tree."""
    direct = {} if direct is None else direct
    seen: dict[str, None] = {}
    todo = [path]
    while todo:
        current = todo.pop(0)
        if current not in direct:
            direct[current] = _direct_imports(modules[current], names[current].package)
        for name in direct[current]:
            other = by_name.get(name)
            if other is not None and other != path and other not in seen:
                seen[other] = None
                todo.append(other)
    return list(seen)


def _quiet(trees: Mapping[str, ast.Module | None], texts: Mapping[str, str], root: str) -> set[str]:
    """The modules of a tree that no rewrite can change: those of a part of the tree, linked by imports either
    way, where no module uses a legacy queue API (what ``scan`` lists). A rewrite reaches another module only
    through the imports between them (a helper, a class, a base class, an object's attributes, the runners
    started for it), so such a part is left as it is, and libcst (~100x ``ast``'s cost) never reads it: most of
    a real code base has no queue code, and a migrated tree, rewritten again, has none left."""
    from tfdata_bridge._src.migrate.scanner import scan_source

    loud = {p for p, t in trees.items() if t is None or scan_source(texts[p], tree=t)}
    linked = _links(trees, root)
    return set(linked) - _reached(loud, linked)


def _links(trees: Mapping[str, ast.Module | None], root: str) -> dict[str, set[str]]:
    """Each parsed module of a tree with the tree's modules it imports or is imported by (its own statements)."""
    names = {p: calculate_module_and_package(root, p) for p, t in trees.items() if t is not None}
    by_name = {n.name: p for p, n in names.items()}
    linked: dict[str, set[str]] = {p: set() for p in names}
    for p, n in names.items():
        for name in _imported_names(trees[p], n.package):
            other = by_name.get(name)
            if other is not None and other != p:
                linked[p].add(other)
                linked[other].add(p)
    return linked


def _reached(start: set[str], linked: Mapping[str, set[str]]) -> set[str]:
    """``start`` and every module linked to one of them, directly or not (its part of the tree)."""
    reached, todo = set(start), list(start)
    while todo:
        for other in linked.get(todo.pop(), ()):
            if other not in reached:
                reached.add(other)
                todo.append(other)
    return reached


def _direct_imports(module: cst.Module, package: str) -> list[str]:
    """The absolute names a module's import statements name (a module, or a module's attribute), in order."""
    return _imported_names(ast.parse(code_of(module)), package)


def _imported_names(tree: ast.Module, package: str) -> list[str]:
    wanted: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            wanted += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = absolute_name("." * node.level + (node.module or ""), package)
            wanted += [base, *(f"{base}.{a.name}" if base else a.name for a in node.names)]
    return wanted




def _bound_imports(module: cst.Module) -> list[str]:
    """The names the module's top-level ``from ... import`` statements bind."""
    return [a.evaluated_alias or a.evaluated_name for s in module.body if isinstance(s, cst.SimpleStatementLine)
            for i in s.body if isinstance(i, cst.ImportFrom) and not isinstance(i.names, cst.ImportStar)
            for a in i.names]


def _uses(key: tuple[str, str], modules, targets, finder_of) -> int:
    """Every use of the function ``key`` in the tree: calls in its module, and names in others that may mean it
    (one of the functions a name imported in two branches may be: ``targets``)."""
    path, name = key
    if name.startswith("class "):  # a class: its names in its module (but its own), and in the others
        name = name[6:]
        key = (path, name)
        cls = next(s for s in modules[path].body if isinstance(s, cst.ClassDef) and s.name.value == name)
        count = sum(1 for n in nodes_of(modules[path], cst.Name) if n.value == name and n is not cls.name)
    else:
        fn = next(s for s in modules[path].body if isinstance(s, cst.FunctionDef) and s.name.value == name)
        count = len(finder_of(path).scopes.callers(fn))
    for other, module in modules.items():
        if other == path:
            continue
        hits = 0

        class _V(Visitor):
            def visit_Import(self, node: cst.Import) -> bool:
                return False

            def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
                return False

            def visit_Name(self, node: cst.Name) -> None:
                nonlocal hits
                hits += key in targets(other, node)[0]

            def visit_Attribute(self, node: cst.Attribute) -> bool:
                nonlocal hits
                if key in targets(other, node)[0]:
                    hits += 1
                    return False
                return True

        module.visit(_V())
        count += hits
    return count


__all__ = ["rewrite_tree"]


def _drop_dead_factories(modules, texts, results, near, among=None) -> bool:
    """The reader factories of ``modules`` that only other modules' reads called, all rewritten
    (``dead_factories``), read against the modules ``among`` (all of ``modules`` by default); True when some went."""
    from tfdata_bridge._src.migrate.dead_factories import dead_in_tree, drop_dead

    among = among if among is not None else modules
    if not any("Reader" in texts[p] for p in modules):
        return False
    originals = {p: cst.parse_module(texts[p]) for p in among if results[p].error is None}
    rewritten = {p: cst.parse_module(results[p].code) for p in originals}
    gone = False
    for path, names in dead_in_tree(originals, rewritten, near).items():
        if path not in modules:
            continue
        out, notes = drop_dead(originals[path], rewritten[path], list(results[path].notes), candidates=names)
        if out is not rewritten[path]:
            results[path] = RewriteResult(texts[path], out.code, "tfdata", tuple(sorted(notes, key=lambda n: n.line)))
            gone = True
    return gone


def _drop_dead_providers(modules, texts, results, near) -> None:
    """The provider classes (``provider_inline.py``) whose every object is now written at its caller, gone from
    their modules, with the notes said of their lines."""
    from tfdata_bridge._src.migrate.provider_inline import dead_providers

    if not any("class " in texts[p] for p in modules):
        return
    from tfdata_bridge._src.migrate.provider_inline import _inlinable

    for path in modules:
        if "class " not in texts[path] or results[path].error is not None or not any(
                isinstance(s, cst.ClassDef) and _inlinable(s) for s in modules[path].body):
            continue  # (no provider class here: nothing to drop)
        pairs = [(cst.parse_module(texts[p]), cst.parse_module(results[p].code)) for p in modules
                 if (p == path or p in near(path)) and results[p].error is None]
        here = next(i for i, p in enumerate(q for q in modules if (q == path or q in near(path))
                                            and results[q].error is None) if p == path)
        out, spans = dead_providers(pairs[here][0], pairs[here][1], pairs)
        if spans:
            kept = [n for n in results[path].notes if not any(a <= n.line <= b for a, b in spans)]
            results[path] = RewriteResult(texts[path], out.code, "tfdata", tuple(sorted(kept, key=lambda n: n.line)))


def _stored_reader_classes(modules, texts, results, resolver, imported, near) -> None:
    """A reader class kept only on objects' attributes that no code reads now (in the modules its objects can
    reach: ``near``), spelled as its tf.data dataset (``provider_inline.stored_reader_classes``); the modules
    importing it lose the runner plumbing kept for it."""
    from tfdata_bridge._src.migrate.hoist import line_map
    from tfdata_bridge._src.migrate.provider_inline import stored_reader_classes
    from tfdata_bridge._src.migrate.results import Note

    if not any("Reader" in results[p].code for p in modules if results[p].error is None):
        return
    for path in modules:
        if results[path].error is not None or "Reader" not in results[path].code:
            continue
        every = [results[p].code for p in modules if (p == path or p in near(path)) and results[p].error is None]
        out, lines = stored_reader_classes(cst.parse_module(results[path].code), every, resolver(path))
        if not lines:
            continue
        back = line_map(texts[path], results[path].code)
        at = {back(n) for n in lines}
        kept = [n for n in results[path].notes if not (n.kind == "refused" and n.line in at)]
        said = [Note(n, "reader class kept on objects whose attribute no code reads now (its reads were rewritten) "
                        "spelled as its tf.data dataset", kind="info") for n in sorted(at)]
        results[path] = RewriteResult(texts[path], out.code, "tfdata", tuple(sorted([*kept, *said],
                                                                                   key=lambda n: n.line)))
        for other in modules:  # (runner plumbing kept for this module's reader alone: here, or in its importers)
            if (other == path or path in imported(other)) and any(
                    "queue-runner plumbing left" in n.message for n in results[other].notes) and \
                    not pipelines_left(cst.parse_module(results[path].code)) and \
                    not any(_pipelines_left(results[o].code) for o in imported(other) if o != path):
                _replumb(other, texts, results)
            elif other != path and path in imported(other) and results[other].code == texts[other] and \
                    "start_queue_runners" in texts[other] and not _pipelines_left(texts[other]) and \
                    any(results[o].code != texts[o] for o in imported(other)) and \
                    not any(_pipelines_left(results[o].code) for o in imported(other)):
                # (a module with no pipeline of its own, left whole while this reader class was its imports' last
                # queue API: its runners go now, as the first pass takes them from such a module)
                _replumb(other, texts, results)


def _replumb(path: str, texts, results) -> None:
    """The runner plumbing of ``path`` taken out again, now that its last reader (a factory) went."""
    from tfdata_bridge._src.migrate.hoist import line_map
    from tfdata_bridge._src.migrate.plumbing import given_back, remove_plumbing

    out, notes = remove_plumbing(cst.parse_module(results[path].code))
    if notes and out.code != results[path].code:
        notes = given_back(notes, line_map(texts[path], results[path].code))
        kept = [n for n in results[path].notes if "queue-runner plumbing" not in n.message]
        results[path] = RewriteResult(texts[path], out.code, "tfdata", tuple(sorted([*kept, *notes],
                                                                                   key=lambda n: n.line)))
