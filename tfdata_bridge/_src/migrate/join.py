"""``batch_join`` / ``shuffle_batch_join`` over readers sharing one file queue.

Recognised in this shape (the classic "several readers" program):

    def read_and_parse(filename_queue):            # module level; used only below
        reader = tf.TFRecordReader()                # a reader made here, read once
        _, serialized = reader.read(filename_queue)
        ...ops on serialized...
        return [tensor, ...]

    filename_queue = tf.train.string_input_producer(files, ...)
    example_list = [read_and_parse(filename_queue) for _ in range(k)]
    batch = tf.train.batch_join(example_list, batch_size, ...)

Each reader takes whole files from the queue, so every record arrives once per epoch and the readers'
order interleaves: ``interleave`` over the files, ``k`` at a time, then the function's ops in ``map``.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, bound_names, identifiers, names_in, nodes_of, target_names
from tfdata_bridge._src.migrate.ctor_readers import appended_comp, constructed_form, constructed_join, held_objects_join
from tfdata_bridge._src.migrate.copies_join import _DEPTH, _harmless, _Zero, copies_pipeline
from tfdata_bridge._src.migrate.pipelines import READERS, Finder, Pipeline, Source, _assign
from tfdata_bridge._src.migrate.objects import method_of
from tfdata_bridge._src.migrate.reader_fn import reader_fn
from tfdata_bridge._src.migrate.reader_factory import factory_reader
from tfdata_bridge._src.migrate.reader_setup import place_setup
from tfdata_bridge._src.migrate.record_keys import KEYED_READERS
from tfdata_bridge._src.migrate.subclasses import OVERRIDDEN, overriders
from tfdata_bridge._src.migrate.unrun_dequeues import queue_readers
from tfdata_bridge._src.migrate.walk import Visitor

_JOIN_PARAMS = {
    "train.batch_join": ("tensors_list", "batch_size", "capacity", "enqueue_many", "shapes", "dynamic_pad",
                         "allow_smaller_final_batch", "shared_name", "name"),
    "train.shuffle_batch_join": ("tensors_list", "batch_size", "capacity", "min_after_dequeue", "seed",
                                 "enqueue_many", "shapes", "allow_smaller_final_batch", "shared_name", "name"),
}


def one_list_join(call: cst.Call, api: str, finder: Finder | None = None, at: cst.SimpleStatementLine | None = None
                  ) -> tuple[str, dict[str, cst.BaseExpression], cst.SimpleStatementLine | None] | None:
    """``(batch api, its arguments)`` for a join over a literal list of one tensor list or dict
    (``batch_join([[x, y]], ...)``, or of one name bound to them: ``shuffle_batch_join([sample], ...)``):
    legacy runs one thread enqueuing it, which is the batch call with ``num_threads=1`` (a join takes the
    tensors as a batch takes them: a bare tensor there fails both ways). None for any other join."""
    params = _JOIN_PARAMS.get(api)
    if params is None or any(a.star or (a.keyword is None and i >= len(params)) for i, a in enumerate(call.args)):
        return None
    args = {params[i] if a.keyword is None else a.keyword.value: a.value for i, a in enumerate(call.args)}
    lists = args.pop("tensors_list", None)
    list_stmt = _one_list_name(finder, at, lists) if isinstance(lists, cst.Name) else None
    if list_stmt is not None:  # ``lists = [sample]`` read by the join alone: it goes with the pipeline
        lists = list_stmt.body[0].value
    repeated = _repeated_list(lists)
    if repeated is not None:  # ``[[x, y]] * k``: k threads enqueuing the one list, ``batch(..., num_threads=k)``
        lists, threads = repeated
        if "num_threads" in args:
            return None
        args["num_threads"] = threads
    if not (isinstance(lists, (cst.List, cst.Tuple)) and len(lists.elements) == 1
            and isinstance(lists.elements[0], cst.Element)
            and isinstance(lists.elements[0].value, (cst.List, cst.Tuple, cst.Dict, cst.Name))):
        return None
    return api.removesuffix("_join"), {"tensors": lists.elements[0].value, **args}, list_stmt


# what, in a comprehension's element, would make each copy its own source (a reader's read, a queue's dequeue, a
# random op): its copies would not be the one list's
_UNLIKE = ("read", "dequeue", "Reader", "producer", "Queue", "random", "shuffle", "Variable", "variable")


def _repeated_list(lists: cst.BaseExpression | None) -> tuple[cst.List, cst.BaseExpression] | None:
    """``([x, y], k)`` for a tensors list made of k copies of one list: ``[[x, y]] * k``, ``k * [[x, y]]`` (the
    one Python list k times: k threads enqueuing the same tensors, which is what ``batch(num_threads=k)`` runs),
    or ``[[x, y] for _ in range(k)]`` whose element reads no reader, queue, variable or random op (each copy the
    same per-element ops on the same tensors: their threads compete for the elements as the batch's k threads
    do). ``[x, y]`` comes back as a one-element list, as ``one_list_join`` takes it. None for anything else."""
    def one(node: cst.BaseExpression) -> bool:
        return isinstance(node, (cst.List, cst.Tuple)) and len(node.elements) == 1 and \
            isinstance(node.elements[0], cst.Element) and \
            isinstance(node.elements[0].value, (cst.List, cst.Tuple, cst.Dict))

    if isinstance(lists, cst.BinaryOperation) and isinstance(lists.operator, cst.Multiply):
        for single, k in ((lists.left, lists.right), (lists.right, lists.left)):
            if one(single) and not one(k) and not isinstance(k, (cst.List, cst.Tuple, cst.ListComp)):
                return cst.List([single.elements[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)]), k
        return None
    if isinstance(lists, cst.ListComp) and isinstance(lists.elt, (cst.List, cst.Tuple, cst.Dict)) and \
            lists.for_in.inner_for_in is None and not lists.for_in.ifs and isinstance(lists.for_in.target, cst.Name) \
            and lists.for_in.target.value not in names_in(lists.elt) and isinstance(lists.for_in.iter, cst.Call) \
            and isinstance(lists.for_in.iter.func, cst.Name) and lists.for_in.iter.func.value == "range" and \
            len(lists.for_in.iter.args) == 1 and lists.for_in.iter.args[0].keyword is None and \
            not lists.for_in.iter.args[0].star:
        code = cst.Module([]).code_for_node(lists.elt)
        if any(word in code for word in _UNLIKE):
            return None
        return cst.List([cst.Element(lists.elt)]), lists.for_in.iter.args[0].value
    return None


def _one_list_name(finder: Finder | None, at: cst.SimpleStatementLine | None, name: cst.Name
                   ) -> cst.SimpleStatementLine | None:
    """``lists = [x]`` (a literal list or tuple of one element), the one statement binding the join's ``lists``
    in the join's own block, when the join is all that reads it (no ``append``, no second use); else None."""
    if finder is None or at is None:
        return None
    stmt = finder.scopes.single_assignment(at, name.value)
    small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
            and isinstance(small.value, (cst.List, cst.Tuple)) and len(small.value.elements) == 1):
        return None
    if finder.scopes.blocks.get(id(stmt)) is None or finder.scopes.blocks.get(id(stmt)) != finder.scopes.blocks.get(id(at)):
        return None
    refs = finder.scopes.readers_of(stmt, name.value)
    if len(refs) != 1 or refs[0] is not name:
        return None
    return stmt


def bind_join(call: cst.Call, api: str) -> dict[str, cst.BaseExpression]:
    """A join call's arguments by parameter name."""
    params = _JOIN_PARAMS.get(api)
    if params is None:
        raise Refusal(f"`{api}` (with keep_input) is not rewritten yet")
    args: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star or (arg.keyword is None and i >= len(params)):
            raise Refusal(f"`{api}` is called with arguments the rewrite does not know")
        args[params[i] if arg.keyword is None else arg.keyword.value] = arg.value
    return args


def join_pipeline(finder: Finder, module: cst.Module, body: list[cst.BaseStatement], index: int,
                  api: str, joins: int = 1) -> tuple[Pipeline, list[cst.CSTNode]]:
    """The pipeline of a join call at ``body[index]``, and every statement or function it replaces. ``joins``:
    how many joins read the list (the two branches of a choice: ``choice.py``)."""
    try:
        return _join_pipeline(finder, module, body, index, api, joins)
    except Refusal as exc:  # (reader objects made before the list, read once each: ``ctor_readers.py``)
        held = held_objects_join(finder, module, body, index, api, joins)
        if held is None:
            raise
        if isinstance(held, Refusal):
            raise Refusal(f"{exc}; nor {held}") from None
        return held


def _join_pipeline(finder: Finder, module: cst.Module, body: list[cst.BaseStatement], index: int,
                   api: str, joins: int = 1) -> tuple[Pipeline, list[cst.CSTNode]]:
    if api not in _JOIN_PARAMS:
        raise Refusal(f"`{api}` (with keep_input) is not rewritten yet")
    stmt = body[index]
    call = stmt.body[0].value
    params = _JOIN_PARAMS[api]
    args: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star or (arg.keyword is None and i >= len(params)):
            raise Refusal(f"`{api}` is called with arguments the rewrite does not know")
        args[params[i] if arg.keyword is None else arg.keyword.value] = arg.value
    lists = args.get("tensors_list")
    inline = isinstance(lists, cst.ListComp)  # ``batch_join([read(queue) for _ in range(k)], ...)``
    if isinstance(lists, cst.IfExp):  # (``resamplers if self.resample else readers``: two lists, one chosen)
        raise Refusal(f"the tensors list is chosen by a conditional expression (`{module.code_for_node(lists)}`), "
                      "not a name bound to `[read(queue) for _ in range(k)]`: each arm's list would be its own "
                      "pipeline, and the choice is not rewritten")
    if not isinstance(lists, cst.Name) and not inline:
        raise Refusal("the tensors list is not a name bound to `[read(queue) for _ in range(k)]`")
    list_stmt = _single_def(body[:index], lists.value) if not inline else None
    comp = lists if inline else list_stmt.body[0].value if list_stmt is not None else None
    loop = _append_loop(body, index, list_stmt, lists.value) if isinstance(comp, cst.List) else None
    looped = appended_comp(loop[0], lists.value) if loop is not None else None
    # one reader object made per copy (``ctor_readers.py``): ``for _ in range(k): l.append(C(q).read())``
    if looped is not None and constructed_form(finder, module, stmt, looped.elt):
        return constructed_join(finder, module, body, index, api, args, looped, list_stmt, lists, inline, joins,
                                loop[0])
    if isinstance(comp, cst.ListComp) and constructed_form(finder, module, stmt, comp.elt):  # ``[C(q).read() ...]``
        return constructed_join(finder, module, body, index, api, args, comp, list_stmt, lists, inline, joins)
    appended = None  # ``for _ in range(k): lists.append(read_fn(queue))``: the comprehension's loop form
    if looped is not None and isinstance(looped.elt, cst.Call) and isinstance(looped.elt.func, cst.Name) and \
            not any(isinstance(c.func, cst.Attribute) and c.func.attr.value in _READS
                    for c in nodes_of(loop[0].body, cst.Call)) and \
            any(isinstance(a.value, cst.Name) and (q := _single_def(body[:index], a.value.value)) is not None and
                finder.is_api(q.body[0].value, "train.string_input_producer") for a in looped.elt.args):
        inside_loop = {id(n) for n in nodes_of(loop[0], cst.Name)}
        if not any(id(r) not in inside_loop for t in names_in(loop[0].target)
                   for r in finder.scopes.readers_of(loop[0], t)):  # (a target read after it: the loop stays)
            appended, comp = loop[0], looped
    if appended is None and loop is not None:
        return _loop_pipeline(finder, module, body, index, api, args, list_stmt, *loop, joins=joins)
    outer = None  # ``[parse(read_fn(queue)) for _ in range(k)]``: the reader function's record, then ``parse``
    if isinstance(comp, cst.ListComp) and isinstance(comp.elt, cst.Call) and _fn_ref(comp.elt.func) and \
            len(comp.elt.args) == 1 and comp.elt.args[0].keyword is None and not comp.elt.args[0].star and \
            isinstance(comp.elt.args[0].value, cst.Call) and _fn_ref(comp.elt.args[0].value.func):
        outer = comp.elt
        if isinstance(comp.for_in.target, cst.Name) and comp.for_in.target.value != "_" and \
                comp.for_in.target.value in names_in(outer.func):
            raise Refusal(f"`{module.code_for_node(outer.func)}` is given the comprehension's index: the copies "
                          "are not alike")
        comp = comp.with_changes(elt=outer.args[0].value)
    if not (isinstance(comp, cst.ListComp) and isinstance(comp.elt, cst.Call) and _fn_ref(comp.elt.func)
            and comp.for_in.inner_for_in is None and not comp.for_in.ifs and isinstance(comp.for_in.target, cst.Name)
            and isinstance(comp.for_in.iter, cst.Call) and isinstance(comp.for_in.iter.func, cst.Name)
            and comp.for_in.iter.func.value == "range" and len(comp.for_in.iter.args) == 1):
        raise Refusal("the tensors list is not `[read_fn(filename_queue) for _ in range(k)]`")
    readers = module.code_for_node(comp.for_in.iter.args[0].value)
    method = isinstance(comp.elt.func, cst.Attribute)  # ``self._decode(queue)``: a method of the caller's class
    fn_name = comp.elt.func.attr.value if method else comp.elt.func.value
    queues = [a.value.value for a in comp.elt.args if isinstance(a.value, cst.Name)
              and (q := _single_def(body[:index], a.value.value)) is not None
              and finder.is_api(q.body[0].value, "train.string_input_producer")]
    if len(queues) != 1:
        raise Refusal(f"`{fn_name}` is not given one file queue made by `string_input_producer` in the same block")
    queue_name = queues[0]
    queue_stmt = _single_def(body[:index], queue_name)
    local = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == fn_name]
    if (method or not local) and finder.external is not None:
        # a reader function of another module of the tree, imported by name or reached through its module
        found = finder.external(comp.elt.func)
        if found is not None and "." not in found[0].name.value and not (method and _is_self(finder, stmt, comp)):
            if outer is not None:
                raise Refusal(f"`{module.code_for_node(outer.func)}` over `{fn_name}`, a reader function of "
                              "another module, is not rewritten yet")
            return _external_join(finder, stmt, api, args, comp, found, queue_stmt, list_stmt, lists, inline,
                                  readers, joins, appended=appended)
    try:
        fn, foreign, cls = _any_method(finder, module, stmt, comp.elt.func) if method else (None, None, None)
    except Refusal as exc:  # a reader object handed in, its method another module's (``reader_objects.py``)
        kept = _record_method(finder, module, stmt, comp, outer)
        if kept is None:
            raise
        try:
            return _external_join(finder, stmt, api, args, comp, kept, queue_stmt, list_stmt, lists, inline, readers,
                                  joins, module)
        except Refusal as kept_exc:
            raise Refusal(f"{exc}; nor kept in its class as a function of the record: {kept_exc}") from None
    if not method:
        fns = local
        if len(fns) != 1:
            raise Refusal(f"`{fn_name}` is not one module-level function")
        fn = fns[0]
    inside_fn: set[int] = set()

    class _Ids(Visitor):
        def visit_Name(self, n: cst.Name) -> None:
            inside_fn.add(id(n))

    fn.visit(_Ids())
    # by scope, not spelling: the function called once (here), the list and the queue read once each
    uses = [(fn_name, len(finder.scopes.callers(fn)) if not method else 1)]
    if not inline:
        uses.append((lists.value, len(finder.scopes.readers_of(list_stmt, lists.value)) - joins + 1
                     - (appended is not None)))
    live, unrun = queue_readers(finder, queue_stmt, queue_name)  # (a dequeue never run: unrun_dequeues.py)
    uses.append((queue_name, len([r for r in live if id(r) not in inside_fn])))
    for name, count in uses:
        if count != 1:
            raise Refusal(f"`{name}` is used beyond the join; its statements cannot move into tf.data")
    if method and _attribute_uses(module, fn_name) - (0 if foreign else _attribute_uses(fn, fn_name)) != 1:
        raise Refusal(f"the method `{fn_name}` is used beyond the join; it cannot move into tf.data")
    got = reader_fn(foreign or finder, fn, comp.elt, method, queue_name, comp.for_in.target.value, READERS,
                    comp.elt.func.value.value if method else None, cls)
    if got.removes:  # k read ops of one reader take one file at a time between them: no k-file interleave
        raise Refusal(f"the {readers} calls of `{fn_name}` share the one reader the class stores; not rewritten")
    if outer is not None:  # (read in the map function, after the reader function's own lines)
        clash = names_in(outer.func) & bound_names(*got.rest)
        if clash:
            raise Refusal(f"`{fn_name}` binds `{sorted(clash)[0]}`, which "
                          f"`{module.code_for_node(outer.func)}` reads where the list is made; not rewritten")
    returned = got.returned if outer is None else \
        outer.with_changes(args=[outer.args[0].with_changes(value=got.returned)])
    pipeline = _pipeline(finder, stmt, api, args, queue_stmt, list_stmt, got.reader_call, got.key, got.value,
                         got.rest, returned, readers, fn_name, got.kind, foreign or finder)
    if got.up_to is not None:
        pipeline.source.up_to = module.code_for_node(got.up_to)
    pipeline.source.setup = place_setup(finder, stmt, got.setup, foreign, fn_name)
    if foreign:
        pipeline.source.foreign = [fn]
    return pipeline, [s for s in (queue_stmt, list_stmt, appended, fn, *(got.removes or ()), *unrun)
                      if s is not None]


def _is_self(finder: Finder, at: cst.CSTNode, comp: cst.ListComp) -> bool:
    """``self.f(queue)`` in a method whose first parameter is ``self``: a method, not a module's function."""
    caller = getattr(finder.scopes.scope(at), "node", None)
    obj = comp.elt.func.value  # type: ignore[attr-defined]
    return isinstance(caller, cst.FunctionDef) and bool(caller.params.params) and \
        isinstance(obj, cst.Name) and caller.params.params[0].name.value == obj.value


def _record_method(finder: Finder, module: cst.Module, stmt, comp: cst.ListComp, outer) -> tuple | None:
    """(the method, its module's Finder) of ``[obj.method(queue) for _ in range(k)]`` where ``obj`` is handed in
    and its class is another module's, the method kept there as a function of the record; None otherwise."""
    from tfdata_bridge._src.migrate.objects import method_of

    func = comp.elt.func
    if outer is not None or finder.external is None or not isinstance(func, cst.Attribute) or \
            not isinstance(func.value, cst.Name):
        return None
    scope = finder.scopes.scope(stmt)
    if _is_self(finder, stmt, comp) and getattr(scope, "parent", None) is not getattr(scope, "globals", None):
        return None  # (``self.m(queue)`` in a method; a module function's first parameter is no ``self``)
    try:
        fn, _, home = method_of(finder, module, stmt, func, moves=False)
    except Refusal:
        return None
    return None if home is None else (fn, home[1])


def _external_join(finder: Finder, stmt, api: str, args, comp: cst.ListComp, found, queue_stmt, list_stmt, lists,
                   inline: bool, readers: str, joins: int, module: cst.Module | None = None,
                   appended: cst.For | None = None) -> tuple[Pipeline, list[cst.CSTNode]]:
    """``[read_one(queue) for _ in range(k)]`` with ``read_one`` a function of another module of the tree (``from
    lib import read_one``): read as a reader helper of that module (``Finder._helper_source``: it becomes a
    function of the record there, its reader lines gone), called once per element, over ``k`` files at a time.
    The list and the queue must be read by the join and the list alone; the function is the tree's to change
    (the tree refuses it where another caller needs its queue form)."""
    fn, home = found
    name = cst.Module([]).code_for_node(comp.elt.func)
    index_name = comp.for_in.target.value
    if index_name != "_" and index_name in names_in(comp.elt):
        if module is not None or not _names_only(fn, home, comp.elt, queue_stmt.body[0].targets[0].target.value,
                                                 index_name):
            raise Refusal(f"each call of `{name}` is given the comprehension's `{index_name}`: the readers "
                          "are not copies")
        # (the index only names the function's ops: the readers are copies, the first turn's names stand)
        comp = comp.with_changes(elt=comp.elt.visit(_Zero(index_name)))
    queue_name = queue_stmt.body[0].targets[0].target.value
    uses = [] if inline else [(lists.value, len(finder.scopes.readers_of(list_stmt, lists.value)) - joins + 1
                               - (appended is not None))]
    live, unrun = queue_readers(finder, queue_stmt, queue_name)  # (a dequeue never run: unrun_dequeues.py)
    uses.append((queue_name, len(live)))
    for used, count in uses:
        if count != 1:
            raise Refusal(f"`{used}` is used beyond the join; its statements cannot move into tf.data")
    last = fn.body.body[-1] if isinstance(fn.body, cst.IndentedBlock) and fn.body.body else None
    returned = last.body[0].value if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and \
        isinstance(last.body[0], cst.Return) else None
    count = len(returned.elements) if isinstance(returned, (cst.Tuple, cst.List)) else 1
    scope = finder.scopes.scope(stmt)
    taken = names_in(stmt) | (names_in(list_stmt) if list_stmt is not None else set())
    elements: list[str] = []
    for k in range(count):
        element = "element" if count == 1 else f"element_{k}"
        while element in taken or scope is not None and scope[element]:
            element += "_"
        elements.append(element)
    # the elements of one call, as if the caller had written ``element = read_one(queue)`` where the list was made
    target = cst.Name(elements[0]) if count == 1 else cst.Tuple([cst.Element(cst.Name(e)) for e in elements])
    one = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], comp.elt)])
    where = list_stmt if list_stmt is not None else stmt
    finder.scopes.stands_for[id(one)] = where
    finder.scopes.lines[one] = finder.scopes.lines.get(where, 0)
    if module is not None:  # a handed-in object's method: kept in its class as a function of the record
        from tfdata_bridge._src.migrate.reader_objects import record_method_source

        source = record_method_source(finder, module, one, comp.elt, elements)
        if source is None:
            raise Refusal(f"`{name}` is not a reader method the rewrite can keep as a function of the record")
    else:
        source = finder._helper_source(one, fn, comp.elt, one.body[0], elements, home)
    if source.helper is None or source.helper.queue_args is not None:
        raise Refusal(f"`{name}` does not read the file queue it is given")
    source.statements = [s for s in (queue_stmt, list_stmt, appended, *unrun) if s is not None]
    batch_api = "train.batch" if api == "train.batch_join" else "train.shuffle_batch"
    batch_args = {k: v for k, v in args.items() if k != "tensors_list"}
    batch_args["tensors"] = cst.Name(elements[0]) if count == 1 else \
        cst.List([cst.Element(cst.Name(e)) for e in elements])  # (a join of tuples gives a list, as a batch of it)
    small = stmt.body[0]
    pipeline = Pipeline(stmt, batch_api, batch_args, source, [], small.targets[0].target
                        if isinstance(small, cst.Assign) else None, readers=readers)
    return pipeline, list(source.statements)


def _names_only(fn: cst.FunctionDef, home: Finder, call: cst.Call, queue: str, index: str) -> bool:
    """Each parameter of ``fn`` that ``call`` gives ``index`` in is read only to name ops (``reader_fn.py``)."""
    from tfdata_bridge._src.migrate.reader_fn import _bind, _names_ops_only

    try:
        bound, _ = _bind(fn, call, False, queue)
    except Refusal:
        return False
    return all(_names_ops_only(home, fn, p) for p, arg in bound.items() if index in names_in(arg))


def _pipeline(finder: Finder, stmt, api: str, args, queue_stmt, list_stmt, reader_call: cst.Call, key: str,
              value: str, rest: list, returned: cst.BaseExpression, readers: str, where: str,
              kind: str | None = None, home=None) -> Pipeline:
    """``kind``: the reader's class, where another module's Finder told it. ``home``: the Finder of the module
    the reader is made in (``finder`` where None): its ``**kwargs`` and ``options`` are read there."""
    kind = kind or finder.is_api(reader_call, *READERS)
    keyed = key != "_" and any(key in _names(s) for s in [*rest, returned])
    if keyed and kind not in KEYED_READERS:
        raise Refusal(f"the record key `{key}` is used; the rewrite knows no key format of {kind}")
    # (a used key is made again per file in legacy's format, ``record_keys.py``: each reader of the k takes whole
    # files from the queue and keys its records within its file, so the k files' interleave keeps every key)
    # (``WholeFileReader``s: each read takes the next file name whole, so k of them deliver each file once, in
    # one of the orders their threads could give: the files' dataset read in the queue's order)
    batch_api = "train.batch" if api == "train.batch_join" else "train.shuffle_batch"
    args = {k: v for k, v in args.items() if k != "tensors_list"}
    args["tensors"] = returned
    source = Source("reader", [s for s in (queue_stmt, list_stmt) if s is not None], [key, value] if keyed else [value],
                    call=bind(queue_stmt.body[0].value, "train.string_input_producer"), reader=kind,
                    reader_args=_reader_args_at(finder, home or finder, reader_call, kind, stmt), keyed=keyed)
    small = stmt.body[0]
    return Pipeline(stmt, batch_api, args, source, rest, small.targets[0].target
                    if isinstance(small, cst.Assign) else None, readers=readers)



def _reader_args(finder: Finder, reader_call: cst.Call, kind: str) -> dict[str, cst.BaseExpression]:
    """The reader's arguments: ``**kwargs`` known when migrating spelled out, a ``TFRecordReader``'s options as
    their compression type (``reader_kwargs.py``, ``compression.py``)."""
    from tfdata_bridge._src.migrate.compression import reader_options
    from tfdata_bridge._src.migrate.reader_kwargs import bind_reader

    return reader_options(finder, reader_call, kind, bind_reader(finder, reader_call, kind), code=finder.code)


def _reader_args_at(finder: Finder, home: Finder, reader_call: cst.Call, kind: str, site: cst.CSTNode
                    ) -> dict[str, cst.BaseExpression]:
    """``_reader_args`` of a reader call read in ``home`` where it is written there, or at ``site`` (the call
    site, in ``finder``'s module) where it was written again in the caller's names (``reader_fn``)."""
    from tfdata_bridge._src.migrate.compression import reader_options
    from tfdata_bridge._src.migrate.reader_kwargs import bind_reader

    if home.scopes.scope(reader_call) is not None:
        return _reader_args(home, reader_call, kind)
    return reader_options(finder, site, kind, bind_reader(finder, reader_call, kind, at=site), code=finder.code)


def _append_loop(body: list[cst.BaseStatement], index: int, list_stmt: cst.SimpleStatementLine, name: str
                 ) -> tuple[cst.For, str] | None:
    """``(loop, k)`` for ``name = []`` followed by ``for _ in range(k): ...; name.append(tensors)`` before the
    join (the loop form of ``[read(queue) for _ in range(k)]``); None for any other shape."""
    if list_stmt.body[0].value.elements:  # type: ignore[attr-defined]
        return None
    start = body.index(list_stmt)
    loops = [s for s in body[start + 1:index] if isinstance(s, cst.For)]
    if len(loops) != 1:
        return None
    loop = loops[0]
    it = loop.iter
    if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range"
            and len(it.args) == 1 and it.args[0].keyword is None and loop.orelse is None
            and isinstance(loop.target, cst.Name) and isinstance(loop.body, cst.IndentedBlock)):
        return None
    last = loop.body.body[-1]
    call = last.body[0].value if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and \
        isinstance(last.body[0], cst.Expr) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "append"
            and isinstance(call.func.value, cst.Name) and call.func.value.value == name and len(call.args) == 1):
        return None
    return loop, cst.Module([]).code_for_node(it.args[0].value)


def _loop_pipeline(finder: Finder, module: cst.Module, body: list[cst.BaseStatement], index: int, api: str, args,
                   list_stmt, loop: cst.For, readers: str, joins: int = 1) -> tuple[Pipeline, list[cst.CSTNode]]:
    """The join over a list filled by a loop of ``k`` readers of one file queue: the loop body (its reader and
    ``read`` lines gone) is the per-record function, as for ``[read(queue) for _ in range(k)]``. A loop that
    reads nothing is ``k`` copies of per-element code on one element made before it (``copies_join.py``)."""
    stmts = list(loop.body.body)
    if not any(isinstance(c.func, cst.Attribute) and c.func.attr.value in _READS
               for s in stmts for c in nodes_of(s, cst.Call)):
        return copies_pipeline(finder, module, body, index, api, args, list_stmt, loop, readers)
    returned = stmts[-1].body[0].value.args[0].value
    index_name = loop.target.value
    refs = [n for s in stmts for n in identifiers(s) if n.value == index_name] if index_name != "_" else []
    why = _harmless(finder, module, refs, stmts, _DEPTH) if refs else None
    if why is not None:  # (an index that only names the readers, or goes where nothing reads it: copies)
        raise Refusal(f"the loop's `{index_name}` {why}: the readers are not copies")
    inside: set[int] = set()

    class _Ids(Visitor):
        def visit_Name(self, n: cst.Name) -> None:
            inside.add(id(n))

    loop.visit(_Ids())
    # the names the loop binds, and its list, are read nowhere else in their scope (a name of another scope is
    # another variable)
    assigned = {(n, s) for s in stmts[:-1] if (a := _assign(s)) is not None for t in a.targets
                for n in target_names(t.target) or []}
    for name, at in assigned:
        if any(id(r) not in inside for r in finder.scopes.readers_of(at, name)):
            raise Refusal(f"`{name}` is used beyond the readers' loop; its statements cannot move into tf.data")
    list_name = list_stmt.body[0].targets[0].target.value
    if len([r for r in finder.scopes.readers_of(list_stmt, list_name) if id(r) not in inside]) != joins:
        raise Refusal(f"`{list_name}` is used beyond the loop and the join")
    reader_stmt, read_stmt, rest = _reader_read_rest(stmts[:-1], finder, "the readers' loop")
    if read_stmt is None:
        raise Refusal("the readers' loop does not read the queue")
    read_call = read_stmt.body[0].value
    factory = None
    if reader_stmt is not None:
        reader_call = reader_stmt.body[0].value
        reader_name = target_names(reader_stmt.body[0].targets[0].target)[0]
        own = isinstance(read_call.func.value, cst.Name) and read_call.func.value.value == reader_name
        if not finder.is_api(reader_call, *READERS):  # ``reader = self.reader()``: the reader its factory returns
            factory = factory_reader(finder, reader_stmt, reader_call, READERS)
            reader_call = factory[0]
    else:  # ``_, value = tf.TFRecordReader().read(queue)``: the reader made inline
        reader_call = read_call.func.value
        own = isinstance(reader_call, cst.Call) and bool(finder.is_api(reader_call, *READERS))
    queue = read_call.args[0].value if len(read_call.args) == 1 else None
    if not (own and isinstance(queue, cst.Name)):
        from tfdata_bridge._src.migrate.reader_choice import parameter_reader

        handed = parameter_reader(finder, read_stmt, reader_call) if not own else None  # (``reader()``: a class
        # handed in that ``handed_copies`` could not write in)
        raise Refusal(f"the readers' loop: {handed}" if handed else
                      "the readers' loop does not read its own reader from one queue")
    queue_stmt = _single_def(body[:index], queue.value)
    if queue_stmt is None or not finder.is_api(queue_stmt.body[0].value, "train.string_input_producer"):
        raise Refusal(f"`{queue.value}` is not made by `string_input_producer` in the same block")
    if len([r for r in finder.refs.get(queue.value, []) if id(r) not in inside]) != 1:
        raise Refusal(f"`{queue.value}` is used beyond the readers' loop")
    key, value = target_names(read_stmt.body[0].targets[0].target)
    pipeline = _pipeline(finder, body[index], api, args, queue_stmt, list_stmt, reader_call, key,
                         value, rest, returned, readers, "the readers' loop")
    if factory is not None and factory[1] is not None:  # a factory this loop alone calls goes with it
        pipeline.source.removes.append(factory[1])
    if refs:  # the first reader's names: the index is 0 where it stood
        zero = _Zero(index_name)
        source = pipeline.source
        source.reader_args = {k: v.visit(zero) for k, v in source.reader_args.items()}
        pipeline.originals = list(pipeline.intermediates)
        pipeline.intermediates = [s.visit(zero) for s in pipeline.intermediates]
        pipeline.args = {**pipeline.args, "tensors": pipeline.args["tensors"].visit(zero)}
    return pipeline, [queue_stmt, list_stmt, loop]


_READS = ("read", "read_up_to", "dequeue", "dequeue_many", "dequeue_up_to")


def _single_def(stmts: list[cst.BaseStatement], name: str) -> cst.SimpleStatementLine | None:
    found = [s for s in stmts if (a := _assign(s)) is not None and target_names(a.targets[0].target) == [name]]
    return found[0] if len(found) == 1 else None


def _names(node: cst.CSTNode) -> set[str]:
    out: set[str] = set()

    class _V(Visitor):
        def visit_Name(self, n: cst.Name) -> None:
            out.add(n.value)

    node.visit(_V())
    return out


def _fn_ref(func: cst.BaseExpression) -> bool:
    """``read_fn`` or ``self.read_fn``."""
    return isinstance(func, cst.Name) or (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name))


def _method(finder: Finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute) -> cst.FunctionDef:
    """The plain method ``self.<name>`` means, called from a method of the same class whose first parameter is
    that ``self``; its own first parameter, where its body reads it, must have the same name (the generated
    function is nested in the caller, where the caller's ``self`` is the same object)."""
    scope = finder.scopes.scope(at)
    caller = getattr(scope, "node", None)
    parent = getattr(scope, "parent", None)
    cls = getattr(parent, "node", None)
    self_name = func.value.value  # type: ignore[attr-defined]
    if not (isinstance(caller, cst.FunctionDef) and isinstance(cls, cst.ClassDef) and caller.params.params
            and caller.params.params[0].name.value == self_name):
        raise Refusal(f"`{self_name}.{func.attr.value}` is not called from a method of its class")
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == func.attr.value]
    if len(found) != 1 or found[0].decorators or not found[0].params.params:
        raise Refusal(f"`{func.attr.value}` is not one plain method of `{cls.name.value}`")
    fn = found[0]
    overridden = overriders(finder, module, cls, func.attr.value)
    if overridden:  # ``self`` may be an object of a subclass, whose method runs instead (``subclasses.py``)
        raise Refusal(f"`{self_name}.{func.attr.value}` in `{cls.name.value}.{caller.name.value}` is overridden by "
                      f"{', '.join(f'`{n}`' for n in overridden)}{OVERRIDDEN}, which the rewrite does not follow into a base "
                      "class's method yet; `migrate --to compat` runs it through the drop-in")
    first = fn.params.params[0].name.value
    if first != self_name and first in _names(fn.body):
        raise Refusal(f"`{func.attr.value}` calls its instance `{first}`, its caller `{self_name}`")
    return fn


def _any_method(finder: Finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute
                ) -> tuple[cst.FunctionDef, Finder | None, cst.ClassDef | None]:
    """(``self.name`` of the caller's class, or ``obj.name`` of an object whose class this module or another of
    the tree defines; the Finder of that other module, None for this one; the class holding the method)."""
    try:
        fn = _method(finder, module, at, func)
        scope = finder.scopes.scope(at)
        cls = getattr(getattr(scope, "parent", None), "node", None)
        return fn, None, cls if isinstance(cls, cst.ClassDef) and any(s is fn for s in cls.body.body) else None
    except Refusal as exc:
        if "is not called from a method of its class" not in str(exc):
            raise
    fn, cls, home = method_of(finder, module, at, func)
    if not any(s is fn for s in cls.body.body):
        cls = None  # a base class's method: a reader it stores is not looked for
    return fn, (home[1] if home is not None else None), (cls if home is None else None)


def _attribute_uses(module: cst.CSTNode, attr: str) -> int:
    count = [0]

    class _V(Visitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if n.attr.value == attr:
                count[0] += 1

    module.visit(_V())
    return count[0]


def _reader_read_rest(stmts: list[cst.BaseStatement], finder, what: str
                      ) -> tuple[cst.BaseStatement | None, cst.BaseStatement | None, list[cst.SimpleStatementLine]]:
    """``(reader = Reader(...), key, value = reader.read(queue), the simple statements after it)`` of a reader
    function's or loop's statements; ``what`` names the body in the refusal when it holds anything else."""
    reader_stmt = read_stmt = None
    rest: list[cst.SimpleStatementLine] = []
    for s in stmts:
        a = _assign(s)
        names = target_names(a.targets[0].target) if a else None
        if a is not None and names and len(names) == 1 and reader_stmt is None and read_stmt is None and (
                finder.is_api(a.value, *READERS) or factory_reader(finder, s, a.value, READERS) is not None):
            reader_stmt = s  # (a TensorFlow reader, or a factory's: ``reader = self.reader()``)
        elif (a is not None and names and len(names) == 2 and isinstance(a.value, cst.Call)
              and isinstance(a.value.func, cst.Attribute) and a.value.func.attr.value == "read"
              and read_stmt is None):
            read_stmt = s
        elif isinstance(s, cst.SimpleStatementLine) and read_stmt is not None:
            rest.append(s)
        else:
            if read_stmt is None and (queue := _dequeued(a)) is not None:
                raise Refusal(f"{what} dequeues `{queue}` (copies of one dequeue of a hand-built queue) instead of "
                              "reading a file queue: not rewritten; `migrate --to compat` runs it through the drop-in")
            raise Refusal(f"{what} holds more than a reader, its read and simple statements after it")
    return reader_stmt, read_stmt, rest


def _dequeued(a: cst.Assign | None) -> str | None:
    """``"q"`` for ``x = q.dequeue()`` (``q`` any name or attribute), else None."""
    value = a.value if a is not None else None
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "dequeue":
        return cst.Module([]).code_for_node(value.func.value)
    return None
