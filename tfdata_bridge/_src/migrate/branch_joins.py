"""Joins whose lists are per-element code on elements made before the list: different branches, or copies.

**Branches** (a join of different readers or sources, each list its own pipeline):

    record_queue = tf.train.string_input_producer(record_files, num_epochs=1)
    csv_queue = tf.train.string_input_producer(csv_files, num_epochs=1)
    example_list = [read_tfrecord_example(record_queue), read_csv_example(csv_queue)]
    features, labels = tf.train.shuffle_batch_join(example_list, batch_size=16, capacity=80, ...)

Legacy runs one thread per list, each running its own branch (its reader, its decode) into the join's queue;
the threads compete, so every element of every branch arrives once, interleaved as their timing decides, and
the data ends when every branch has ended. Each branch is recognised as the pipeline of a batch of its list
(``Finder.pipeline``: a reader helper, a reader read in the block, an input producer...), its dataset written
as a batch's would be (``Generator.elements``), and the join becomes ``choose_from_datasets`` over them in turn,
each to its end (``stop_on_empty_dataset=False``), then the join's shuffle and batch: the same multiset per
epoch, the same batch sizes, the same end; the order is one the competing threads could give. Branches that
share a source (two readers of one file queue, which hand each file to whichever thread asks first) are refused.

**Copies** of per-element code on one element made before the list:

    input_queue = tf.train.slice_input_producer([paths, labels], num_epochs=1, shuffle=True)
    frame_list = [read_frame(input_queue) for _ in range(2)]
    frames, labels = tf.train.shuffle_batch_join(frame_list, batch_size=5, capacity=30, min_after_dequeue=5)

``slice_input_producer`` returns the dequeued tensors: each of the ``k`` threads runs its copy of
``read_frame``, and each run dequeues one element, so every element meets one copy. That is the batch of one
copy with ``num_threads=k`` (``shuffle_batch``'s ``k`` threads running one enqueue op), which the recogniser
follows back to its source; a copy that makes its own source or reader (a reader helper given a file queue:
``join.py``) is not this form.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_none, literal_bool, names_in
from tfdata_bridge._src.migrate.pipelines import Finder, Pipeline, Source, _flatten, check_flags

_PARAMS = {
    "train.batch_join": ("tensors_list", "batch_size", "capacity", "enqueue_many", "shapes", "dynamic_pad",
                         "allow_smaller_final_batch", "shared_name", "name"),
    "train.shuffle_batch_join": ("tensors_list", "batch_size", "capacity", "min_after_dequeue", "seed",
                                 "enqueue_many", "shapes", "allow_smaller_final_batch", "shared_name", "name"),
}


def element_join(finder: Finder, module: cst.Module, body: list[cst.BaseStatement], index: int, api: str
                 ) -> tuple[Pipeline, list[cst.CSTNode]] | None:
    """The pipeline of the join at ``body[index]`` and the statements it replaces, where its list is one of the
    two forms; None where it is neither (the caller's refusal stands); a ``Refusal`` where it is one that cannot
    be rewritten with the same data."""
    stmt = body[index]
    call = stmt.body[0].value  # type: ignore[attr-defined]
    params = _PARAMS.get(api)
    if params is None or not isinstance(call, cst.Call):
        return None
    args: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star or (arg.keyword is None and i >= len(params)):
            return None
        args[params[i] if arg.keyword is None else arg.keyword.value] = arg.value
    made = _the_list(finder, body, stmt, args.get("tensors_list"))
    if made is None:
        return None
    list_stmt, value = made
    where = list_stmt if list_stmt is not None else stmt
    before = _flatten(body[: body.index(where)])
    if isinstance(value, cst.ListComp):
        return _copies(finder, module, stmt, api, args, list_stmt, value, where, before)
    elements = [e for e in value.elements]
    if len(elements) < 2 or not all(isinstance(e, cst.Element) for e in elements):
        return None
    return _branches(finder, module, stmt, api, args, list_stmt, [e.value for e in elements], where, before)


def helper_calls(pipeline: Pipeline) -> int | None:
    """How many calls of its reader helpers a branch join rewrites (each the same number of times; ``to_tfdata``
    undoes a helper's rewrites unless they are all its calls); None for any other pipeline."""
    if not pipeline.source.branches:
        return None
    counts: dict[int, int] = {}
    for branch in pipeline.source.branches:
        helper = branch.source.helper
        if helper is not None and not helper.external:
            counts[id(helper.fn)] = counts.get(id(helper.fn), 0) + 1
    return max(counts.values()) if counts else None


def chosen_source(gen, p: Pipeline) -> tuple[list[cst.BaseStatement], str, list[str], list[str]]:
    """``Generator.source`` of a branch join: each branch's dataset, then their choice in turn."""
    stmts: list[cst.BaseStatement] = []
    datasets: list[str] = []
    notes: list[str] = []
    for branch in p.source.branches:
        gen.pending, gen.file_names = [], []
        check_flags(branch)
        new, dataset, accepted = gen.elements(branch)
        stmts += new
        datasets.append(dataset)
        notes += [a for a in accepted if a not in notes]
    gen.pending, gen.file_names = [], []
    listed = gen.fresh("branch_datasets")
    stmts.append(cst.parse_statement(f"{listed} = [{', '.join(datasets)}]\n"))
    k = len(datasets)
    v1 = gen.v1
    head = (f"{v1}.data.Dataset.choose_from_datasets(\n    {listed}, {v1}.data.Dataset.range({k}).repeat(), "
            "stop_on_empty_dataset=False)")
    notes.append(f"the join's {k} lists, one thread each, become their {k} datasets taken in turn, each to its end: "
                 "every element of every list once per epoch (the same multiset), in an order the competing threads "
                 "could give")
    return stmts, head, [], notes


def branch_apis(gen, p: Pipeline) -> list[str]:
    """``Generator._source_apis`` of a branch join: its branches' and the join's."""
    apis = {api for b in p.source.branches for api in gen._source_apis(b)}
    return sorted(apis | {p.source.call["join"].value})  # type: ignore[union-attr]


# -- the list -----------------------------------------------------------------------------------------------------
def _the_list(finder: Finder, body, stmt, lists: cst.BaseExpression | None
              ) -> tuple[cst.SimpleStatementLine | None, cst.BaseExpression] | None:
    """(the statement binding the list or None where it is written in the join, the list's expression): a
    literal list or tuple, or a list comprehension, written in the join or bound once before it in the same
    block and read by the join alone."""
    if isinstance(lists, (cst.List, cst.Tuple, cst.ListComp)):
        return None, lists
    if not isinstance(lists, cst.Name):
        return None
    made = finder.scopes.single_assignment(stmt, lists.value)
    if made is None or made not in body or len(made.body) != 1 or not isinstance(made.body[0], cst.Assign) or \
            len(made.body[0].targets) != 1 or not isinstance(made.body[0].targets[0].target, cst.Name):
        return None
    value = made.body[0].value
    if not isinstance(value, (cst.List, cst.Tuple, cst.ListComp)) or \
            isinstance(value, (cst.List, cst.Tuple)) and len(value.elements) < 2:
        return None  # (an empty list the code grows, say by appends: neither form; the caller's refusal stands)
    if [r for r in finder.scopes.readers_of(made, lists.value) if r is not lists]:
        raise Refusal(f"the list `{lists.value}` as per-element code: it is also read beyond the join, and its "
                      "elements would move into tf.data")
    return made, value


def _named(finder: Finder, where: cst.CSTNode, expr: cst.BaseExpression, taken: set[str], tag: str
           ) -> tuple[cst.SimpleStatementLine | None, cst.BaseExpression, int | None]:
    """(a statement naming what ``expr`` makes, as if the caller had written it where the list is, or None; the
    tensors of one list; how many there are, None where not known). A call's tensors are named by what its
    function returns (a literal tuple or list: one name each); a literal list, tuple or dict is the tensors."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        return None, expr, len(expr.elements)
    if isinstance(expr, cst.Dict):  # one structure (legacy's join takes dicts of the same keys only)
        return None, expr, 1
    if isinstance(expr, cst.Name):  # ``example_a = [image, label]`` made before: the list, as its one binding made it
        made = finder.scopes.single_assignment(where, expr.value)
        value = made.body[0].value if made is not None else None  # type: ignore[attr-defined]
        if isinstance(value, (cst.List, cst.Tuple)) and not any(isinstance(e, cst.StarredElement)
                                                               for e in value.elements):
            return None, expr, len(value.elements)
        if isinstance(value, cst.Dict):
            return None, expr, 1
    if not isinstance(expr, cst.Call):
        raise Refusal("a list of the join is neither a call, nor a literal list of tensors, nor a name bound once to one (or to a dict)")
    count, literal = _returned_count(finder, where, expr)

    def fresh(base: str) -> str:
        name = base
        while name in taken:
            name += "_"
        taken.add(name)
        return name

    names = [fresh(f"{tag}_{k}") for k in range(count or 1)]
    # (a returned literal list, one tensor in it too, is unpacked: the helper's caller names each tensor)
    target = cst.Tuple([cst.Element(cst.Name(n)) for n in names], lpar=[], rpar=[]) if literal else cst.Name(names[0])
    one = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], expr)])
    tensors = cst.List([cst.Element(cst.Name(n)) for n in names]) if literal else cst.Name(names[0])
    _stands(finder, one, where)
    return one, tensors, count


def _returned_count(finder: Finder, where, call: cst.Call) -> tuple[int | None, bool]:
    """(how many tensors the called function's last ``return`` gives, whether it is a literal tuple or list): 1
    for another value; None where the function is not found."""
    fn = None
    if isinstance(call.func, cst.Name):
        fn = finder.scopes.module_function(where, call.func.value)
    if fn is None and finder.external is not None:
        found = finder.external(call.func)
        fn = found[0] if found is not None else None
    if fn is None or not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body:
        return None, False
    last = fn.body.body[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and isinstance(last.body[0], cst.Return)):
        return None, False
    value = last.body[0].value
    if isinstance(value, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in value.elements) or not value.elements:
            return None, False
        return len(value.elements), True
    return 1, False


def _stands(finder: Finder, node: cst.CSTNode, where: cst.CSTNode) -> None:
    """A statement made here is evaluated in the scope, and at the line, of ``where``."""
    finder.scopes.stands_for[id(node)] = where
    finder.scopes.lines[node] = finder.scopes.lines.get(where, 0)


def _end(finder: Finder, tensors: cst.BaseExpression, where: cst.CSTNode) -> cst.SimpleStatementLine:
    ret = cst.SimpleStatementLine([cst.Expr(tensors)])
    _stands(finder, ret, where)
    return ret


def _refuse_flags(api: str, args: dict[str, cst.BaseExpression], what: str, shapes: bool = False) -> None:
    """``shapes``: ``shapes=`` is taken (one queue's shapes, which every copy's tensors meet: the batch's)."""
    for bad in ("shared_name",) if shapes else ("shapes", "shared_name"):
        if not is_none(args.get(bad)):
            raise Refusal(f"`{api}` with {bad}= over {what} is not rewritten")
    if literal_bool(args.get("enqueue_many"), False, "enqueue_many"):
        raise Refusal(f"`{api}` with enqueue_many=True over {what} is not rewritten")


# -- copies -------------------------------------------------------------------------------------------------------
def _copies(finder: Finder, module: cst.Module, stmt, api: str, args, list_stmt, comp: cst.ListComp, where,
            before) -> tuple[Pipeline, list[cst.CSTNode]] | None:
    loop = comp.for_in
    if loop.inner_for_in is not None or loop.ifs or not isinstance(loop.target, cst.Name) or not (
            isinstance(loop.iter, cst.Call) and isinstance(loop.iter.func, cst.Name) and loop.iter.func.value == "range"
            and len(loop.iter.args) == 1 and loop.iter.args[0].keyword is None):
        return None
    if loop.target.value != "_" and loop.target.value in names_in(comp.elt):
        return None  # (copies that differ by the index: not this form)
    copies = module.code_for_node(loop.iter.args[0].value)
    _refuse_flags(api, args, "copies of per-element code", shapes=True)  # (shapes=: the batch's, queue_shapes.py)
    taken = names_in(module)
    one, tensors, _ = _named(finder, where, comp.elt, taken, "element")
    ret = _end(finder, tensors, where)
    stmts = [*before, *([one] if one is not None else []), ret]
    batch_api = "train.batch" if api == "train.batch_join" else "train.shuffle_batch"
    batch_args = {k: v for k, v in args.items() if k != "tensors_list"}
    batch_args["tensors"] = tensors
    batch_args["num_threads"] = cst.parse_expression(copies)
    try:
        pipeline = finder.pipeline(stmts, len(stmts) - 1, batch_api, batch_args, ends=stmt)
    except Refusal as exc:
        raise Refusal(f"the join's {copies} copies of per-element code: {exc}") from None
    s = pipeline.source
    # a helper dequeuing the shared file queue, or an input producer's over a tensor (dequeue_names.py): one
    # queue made before the list, which the copies compete for
    names = s.producer == "string_input_producer" or \
        s.producer in ("input_producer", "range_input_producer") and s.helper is not None and bool(s.inlined)
    if not names and (one is not None and one in s.statements or s.helper is not None or s.inlined) or \
            s.prefetch is not None or s.removes or s.foreign:
        return None  # each copy makes its own reader or source: ``join.py``'s form, or k pipelines
    what = module.code_for_node(comp.elt.func) if isinstance(comp.elt, cst.Call) else "the per-element code"
    pipeline.accepted.append(f"the {api.rsplit('.', 1)[-1]}'s {copies} copies of `{what}` become one map with "
                             f"{copies} parallel calls: each element meets one copy, as each thread's run dequeued "
                             "its own")
    return _finish(pipeline, stmt, list_stmt, [one])


def _finish(pipeline: Pipeline, stmt, list_stmt, made: list) -> tuple[Pipeline, list[cst.CSTNode]]:
    small = stmt.body[0]
    pipeline.batch_stmt = stmt
    pipeline.targets = small.targets[0].target if isinstance(small, cst.Assign) else None
    s = pipeline.source
    extra = s.prefetch.removed if s.prefetch is not None else []
    real = [i for i in pipeline.intermediates if i not in made]
    moved = [*s.statements, *extra, *s.removes, *real, *([list_stmt] if list_stmt is not None else [])]
    return pipeline, [m for m in moved if m not in made]


# -- branches -----------------------------------------------------------------------------------------------------
def _branches(finder: Finder, module: cst.Module, stmt, api: str, args, list_stmt, elements, where, before
              ) -> tuple[Pipeline, list[cst.CSTNode]] | None:
    _refuse_flags(api, args, "different branches")
    taken = names_in(module)
    branches: list[Pipeline] = []
    made: list[cst.SimpleStatementLine] = []
    counts: list[int | None] = []
    for k, expr in enumerate(elements):
        one, tensors, count = _named(finder, where, expr, taken, f"branch{k}")
        ret = _end(finder, tensors, where)
        stmts = [*before, *([one] if one is not None else []), ret]
        try:
            branch = finder.pipeline(stmts, len(stmts) - 1, "train.batch", {"tensors": tensors}, ends=stmt)
        except Refusal as exc:
            raise Refusal(f"list {k} of the join is not a pipeline the rewrite knows: {exc}") from None
        if branch.readers is not None or branch.source.kind == "zip":
            raise Refusal(f"list {k} of the join reads several sources; not rewritten")
        branches.append(branch)
        made += [one] if one is not None else []
        counts.append(count)
    if len(set(counts)) != 1 or counts[0] is None:
        raise Refusal("the join's lists do not each hold the same number of tensors, as literal lists or what their "
                      "functions return; not rewritten")
    seen: dict[int, int] = {}
    for k, branch in enumerate(branches):
        for s in [*branch.source.statements, *branch.intermediates]:
            if s in made:
                continue
            if id(s) in seen and seen[id(s)] != k:
                raise Refusal(f"lists {seen[id(s)]} and {k} of the join share the statement at line "
                              f"{finder.scopes.lines.get(s, 0)} (one source read by two threads hands each element to "
                              "whichever asks first); not rewritten")
            seen[id(s)] = k
    helpers: dict[int, int] = {}
    for branch in branches:
        if branch.source.helper is not None and not branch.source.helper.external:
            helpers[id(branch.source.helper.fn)] = helpers.get(id(branch.source.helper.fn), 0) + 1
    if len(set(helpers.values())) > 1:
        raise Refusal("the join's lists call their reader helpers different numbers of times; not rewritten")
    count = counts[0]
    names = [f"element_{i}" for i in range(count)]
    tensors = cst.Name(names[0]) if count == 1 else cst.List([cst.Element(cst.Name(n)) for n in names])
    batch_api = "train.batch" if api == "train.batch_join" else "train.shuffle_batch"
    batch_args = {k: v for k, v in args.items() if k != "tensors_list"}
    batch_args["tensors"] = tensors
    moved: list[cst.CSTNode] = []
    for branch in branches:
        s = branch.source
        extra = s.prefetch.removed if s.prefetch is not None else []
        moved += [m for m in [*s.statements, *extra, *s.removes, *branch.intermediates] if m not in made]
    if list_stmt is not None:
        moved.append(list_stmt)
    source = Source("choose", moved, names, call={"join": cst.Name(api.rsplit(".", 1)[-1])}, branches=branches)
    small = stmt.body[0]
    targets = small.targets[0].target if isinstance(small, cst.Assign) else None
    return Pipeline(stmt, batch_api, batch_args, source, [], targets), moved
