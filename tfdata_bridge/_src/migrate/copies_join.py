"""A join over ``k`` copies of per-element code on one element made before the loop (Inception's ``batch_inputs``):

    example_serialized = examples_queue.dequeue()     # or ``_, example_serialized = reader.read(queue)``
    images_and_labels = []
    for thread_id in range(num_preprocess_threads):
        image_buffer, label_index = parse_example_proto(example_serialized)
        image = image_preprocessing(image_buffer, train, thread_id)
        images_and_labels.append([image, label_index])
    images, labels = tf.train.batch_join(images_and_labels, batch_size=..., capacity=...)

Each of the join's ``k`` threads runs one copy, which takes a fresh element from upstream: one stream mapped by
the loop body with ``num_parallel_calls=k`` (``train.batch(..., num_threads=k)``), whatever the source (the
recogniser follows the element back as for a batch call). Where the loop's index only names things (a ``name=``
argument) or goes to a parameter its function never reads (followed through calls), the copies are alike and the
map function is the first copy (the index 0). Where it changes values (Inception's ``distort_color(image,
thread_id)`` picks an ordering by it), legacy handed each element to whichever thread dequeued it, so the copy an
element met was the schedule's choice: the map function takes the index too, and element ``i`` of the stream
(``enumerate()``) meets copy ``i % k`` through ``switch_case`` over the ``k`` copies, each traced with its own
Python index (``Pipeline.copy_index``): what one legacy schedule delivers, for any use of the index. Refused
there: ``enqueue_many`` or ``keep_input`` (the copy is not chosen per element) and a reader made in each turn.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, holder_of, identifiers, is_none, literal_bool, nodes_of
from tfdata_bridge._src.migrate.pipelines import Finder, Pipeline, _flatten

_DEPTH = 4  # calls followed from the loop to where the index is read


def copies_pipeline(finder: Finder, module: cst.Module, body: list[cst.BaseStatement], index: int, api: str,
                    args: dict[str, cst.BaseExpression], list_stmt: cst.SimpleStatementLine, loop: cst.For,
                    copies: str) -> tuple[Pipeline, list[cst.CSTNode]]:
    """The pipeline of the join at ``body[index]`` over the list ``list_stmt`` makes and ``loop`` fills, and the
    statements it replaces."""
    stmts = list(loop.body.body)
    if not all(isinstance(s, cst.SimpleStatementLine) for s in stmts):
        raise Refusal("the copies' loop holds more than simple statements")
    append = stmts[-1]
    index_name = loop.target.value
    refs = [n for s in stmts for n in identifiers(s) if n.value == index_name]
    why = _harmless(finder, module, refs, stmts, _DEPTH)
    if why is not None:  # the copies differ: each is traced with its own index (``copy_index``)
        many = literal_bool(args.get("enqueue_many"), False, "enqueue_many")
        if many or not is_none(args.get("keep_input")):
            bad = "enqueue_many" if many else "keep_input"
            raise Refusal(f"the loop's `{index_name}` {why}: the copies are not alike, and with {bad}= the copy "
                          "an element meets is not chosen per element; not rewritten")
    before = _flatten(body[: body.index(loop)])
    batch_api = "train.batch" if api == "train.batch_join" else "train.shuffle_batch"
    batch_args = {k: v for k, v in args.items() if k != "tensors_list"}
    batch_args["tensors"] = append.body[0].value.args[0].value
    batch_args["num_threads"] = cst.parse_expression(copies)
    # the walk back starts at the append (its list is the copies' element), over the loop body and what comes
    # before the loop; the names the body defines are read by it and the append alone (``_check_private``)
    pipeline = finder.pipeline([*before, *stmts], len(before) + len(stmts) - 1, batch_api, batch_args,
                               ends=body[index])
    if any(s in pipeline.source.statements for s in stmts):
        if why is not None:
            raise Refusal(f"the loop's `{index_name}` {why}, and each turn reads with its own reader: the readers "
                          "are not copies; not rewritten")
        pipeline.readers = k_readers(finder, pipeline.source, stmts, before, copies, index_name)
    join = body[index]
    small = join.body[0]
    pipeline.batch_stmt = join
    pipeline.targets = small.targets[0].target if isinstance(small, cst.Assign) else None
    if why is not None:
        pipeline.copy_index = (index_name, copies)
    elif refs:  # the first copy: the index is 0 (it names things, or goes where it is never read)
        pipeline.originals = list(pipeline.intermediates)
        pipeline.intermediates = [s.visit(_Zero(index_name)) if s in stmts else s for s in pipeline.intermediates]
        pipeline.args = {**pipeline.args, "tensors": pipeline.args["tensors"].visit(_Zero(index_name))}
    extra = pipeline.source.prefetch.removed if pipeline.source.prefetch is not None else []
    # (the per-element statements before the loop, ``serialized = line`` between the read and the copies, move
    # into the map function with the loop's: left, they would read a record the rewrite no longer makes)
    ahead = [s for s in (pipeline.originals if pipeline.originals is not None else pipeline.intermediates)
             if any(s is b for b in before) and s not in pipeline.source.statements]
    # (a queue stage's statements go with it, as ``to_tfdata._moved`` has them: a hand-built stage's dequeue, its
    # alias now in the map function, left would be rewritten again where it stood, ``hand_stages.py``)
    stages = [n for stage in pipeline.stages for n in stage.removes]
    moved = [*pipeline.source.statements, *extra, *ahead, *pipeline.source.removes, *stages, list_stmt, loop]
    return pipeline, moved


def k_readers(finder: Finder, source, stmts: list[cst.BaseStatement], before: list[cst.BaseStatement],
              copies: str, index_name: str) -> str:
    """``copies``, where each turn of the loop reads one file queue made before it with a reader of its own (``k``
    readers of one queue: every file read once per epoch by one of them, ``interleave`` over the files ``k`` at a
    time, as ``[read(queue) for _ in range(k)]``). Refused where a turn makes its own source: a producer or a queue
    made in the loop (or in a helper from what it is given) would deliver every record once per turn. A
    WholeFileReader's turns are no exception: each file is one record, read whole by whichever reader takes its
    name, so ``k`` of them deliver one ``read_file`` per file name, in one of the orders their threads could
    give (``generate`` says so in its note)."""
    why = "each copy reads its own source in the loop; not the copies of one element"
    if source.kind != "reader" or source.prefetch is not None or source.up_to is not None or source.setup is not None:
        raise Refusal(why)
    if source.helper is not None and source.helper.queue_args is not None:
        raise Refusal(f"{why}: the reader helper makes its own file queue in each turn")
    if source.inlined or source.removes or source.foreign:  # a reader method: the object may hold one reader
        raise Refusal(f"{why}: a reader method reads in each turn")
    inside = [s for s in source.statements if s in stmts]
    outside = [s for s in source.statements if s not in inside]
    if any(s not in before for s in outside):
        raise Refusal(why)
    from tfdata_bridge._src.migrate.pipelines import READERS

    if any(finder.is_api(c, *READERS) for s in outside for c in nodes_of(s, cst.Call)):
        # k read ops of one reader share its current file: one file at a time, not k side by side
        raise Refusal("the turns read one reader made before the loop; its reads share one file at a time, not "
                      "rewritten")
    if any(finder.is_api(c, "train.string_input_producer", "FIFOQueue") for s in inside for c in nodes_of(s, cst.Call)):
        raise Refusal(f"{why}: a file queue is made in each turn")
    # the index only names things here (``_harmless``): the first turn's values, as for the intermediates
    source.reader_args = {k: v.visit(_Zero(index_name)) for k, v in source.reader_args.items()}
    if source.helper is not None:
        code = cst.Module([]).code_for_node
        source.helper.extra = [code(cst.parse_expression(e).visit(_Zero(index_name))) for e in source.helper.extra]
    return copies


class _Zero(cst.CSTTransformer):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return cst.Integer("0") if original.value == self.name else updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)


def _harmless(finder: Finder, module: cst.Module, refs: list[cst.Name], where: list[cst.BaseStatement],
              depth: int) -> str | None:
    """None when every read ``refs`` (in the statements ``where``) only names an op or goes to a parameter its
    function never reads; otherwise what it does, for the refusal."""
    lines = [n for s in where for n in ([s] if isinstance(s, cst.SimpleStatementLine) else
                                        nodes_of(s, cst.SimpleStatementLine))]
    for ref in refs:
        holder = holder_of(lines, ref)
        found = _arg_of(holder, ref) if holder is not None else None
        if found is None:
            return "is used in a value"
        call, arg = found
        if arg.keyword is not None and arg.keyword.value == "name":
            continue  # an op's name: no value changes
        callee = module.code_for_node(call.func)
        if depth == 0:
            return f"goes to `{callee}` through more calls than the rewrite follows"
        fn, home, method = _callee(finder, module, holder, call)
        if fn is None:
            return f"is given to `{callee}`, which the rewrite cannot read"
        param = _param(fn, call, arg, method)
        if param is None:
            return f"is given to `{callee}` in a way the rewrite cannot pair with a parameter"
        first = fn.body.body[0] if isinstance(fn.body, cst.IndentedBlock) and fn.body.body else None
        inner = home.scopes.readers_of(first, param) if first is not None else []
        if not inner:
            continue  # a parameter its function never reads
        why = _harmless(home, module if home is finder else None, inner, list(fn.body.body), depth - 1)
        if why is not None:
            return f"is read by `{callee}` (its `{param}`)" if why == "is used in a value" else why
    return None


def _arg_of(holder: cst.CSTNode, ref: cst.Name) -> tuple[cst.Call, cst.Arg] | None:
    """(the call, its argument) whose argument is ``ref`` itself, or whose ``name=`` argument holds it."""
    for call in nodes_of(holder, cst.Call):
        for arg in call.args:
            if arg.value is ref and not arg.star:
                return call, arg
            if arg.keyword is not None and arg.keyword.value == "name" and \
                    any(n is ref for n in nodes_of(arg.value, cst.Name)):
                return call, arg
    return None


def _callee(finder: Finder, module: cst.Module | None, at: cst.SimpleStatementLine, call: cst.Call
            ) -> tuple[cst.FunctionDef | None, Finder, bool]:
    """(the function ``call`` calls, the Finder of its module, whether it is a method called on its instance)."""
    func = call.func
    if isinstance(func, cst.Name):
        fn = finder.scopes.module_function(at, func.value)
        if fn is not None:
            return fn, finder, False
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and module is not None:
        from tfdata_bridge._src.migrate.join import _any_method

        try:
            fn, home, _ = _any_method(finder, module, at, func)
        except Refusal:
            fn = None
        if fn is not None:
            return fn, home or finder, True
    if finder.external is not None:
        found = finder.external(func)  # a function of another module of the migrated tree
        if found is not None:
            return found[0], found[1], False
    return None, finder, False


def _param(fn: cst.FunctionDef, call: cst.Call, arg: cst.Arg, method: bool) -> str | None:
    params = [*fn.params.posonly_params, *fn.params.params]
    if arg.keyword is not None:
        names = {p.name.value for p in [*params, *fn.params.kwonly_params]}
        return arg.keyword.value if arg.keyword.value in names else None
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in positional):
        return None
    i = positional.index(arg) + (1 if method else 0)
    return params[i].name.value if i < len(params) else None

