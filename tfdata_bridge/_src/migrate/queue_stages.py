"""A hand-built queue in a helper that takes the pipeline's tensors and returns them dequeued: a *stage*.

    def _shuffle_inputs(input_tensors, capacity, min_after_dequeue, num_threads):   # any module of the tree,
        queue = tf.RandomShuffleQueue(capacity, min_after_dequeue,                   # or a method of the class
                                      dtypes=[t.dtype for t in input_tensors])
        enqueue_op = queue.enqueue(input_tensors)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op] * num_threads))
        output_tensors = queue.dequeue()
        for i in range(len(input_tensors)):                                          # optional
            output_tensors[i].set_shape(input_tensors[i].shape)
        return output_tensors

    input_tensors = [sequence["inputs"], sequence["labels"], length]   # between the read and the batch
    if shuffle:                                                         # optional: a stage the program chooses
        input_tensors = _shuffle_inputs(input_tensors, capacity=QUEUE_CAPACITY, ...)
    batch = tf.train.batch(input_tensors, batch_size, dynamic_pad=True)

The queue hands on the same elements it was given (a RandomShuffleQueue in another order): in the chain it is
``shuffle(capacity)`` (a FIFOQueue: nothing, tf.data keeps the order), placed after the per-element function (which
is per element, so where the elements are mixed changes no element), under ``if flag:`` where the program chose it
by one. The call goes; the helper goes once nothing calls it (here: ``to_tfdata``; another module's: the tree).
A helper handed a producer whose ``dequeue_many(k)`` chunks fill its queue by ``enqueue_many`` (``x =
shuffle_chunks(range_input_producer(n), k, capacity=...)``) reads the producer's elements itself: its call is the
pipeline's read, and the stage is ``batch(k, drop_remainder=True).unbatch()`` before the shuffle (legacy's
``dequeue_many`` fails on the short tail, so those elements never arrive). What a stage helper is:
``stage_helpers.py``. Where any part of this is off the pattern, the reason names it and its line.

What the stage gives back is what legacy's dequeue gave (``_dequeue_return_value``), known from what it is given
(``_check_one_list``): a list of two or more tensors gives the list; a dict (a literal, a comprehension, ``dict(...)``,
a parser's) to a queue with ``names`` the dict; one tensor (a reader's read, a TensorFlow function giving one)
the tensor; and a list of one tensor (``[image]``) the bare tensor, so the per-element function names the tensor
(``x = image``). ``names`` chosen by ``isinstance(tensors, dict)`` go with a dict alone. Anything else is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import BuiltinAssignment

from tfdata_bridge._src.migrate.calls import Refusal, is_none, names_in, target_names
from tfdata_bridge._src.migrate.stage_helpers import (NAMES_IF_DICT, _is_queue_stage, _line, calls_queue_helper,
                                                      forwarded_name, helper_of, is_stage_helper, stage_pattern)
from tfdata_bridge._src.migrate.walk import Visitor


@dataclass
class Stage:
    kind: str  # "RandomShuffleQueue" or "FIFOQueue"
    helper: str  # the helper's name, as called
    capacity: cst.BaseExpression  # as the call site evaluates it
    min_after_dequeue: cst.BaseExpression | None
    seed: cst.BaseExpression | None
    flag: cst.BaseExpression | None  # ``if flag:`` around the call (kept in the chain)
    removes: list[cst.CSTNode] = field(default_factory=list)  # the call's statement (or its whole ``if``)
    fn: cst.FunctionDef | None = None  # the helper of this module (goes once no call is left), else None
    call: cst.Name | None = None  # the Name the call calls by (this module's helper)
    method: cst.FunctionDef | None = None  # a method of this module's class (goes once no call is left)
    names: bool = False  # its queue takes ``names=``: it takes and gives a dict (the dict it was given)
    # the chunk form: the helper takes a queue (a producer) and fills its own by ``enqueue_many`` of that queue's
    # ``dequeue_many(chunk)``: the same elements, but for the tail short of a chunk, which legacy never dequeues
    chunk: cst.BaseExpression | None = None
    # a queue written where the batch is (``hand_stages.py``): the statement standing for its dequeue in the map
    # function, how many runner threads filled it where more than one may have, the statements the rewrite changes
    hand: cst.SimpleStatementLine | None = None
    threads: str = ""
    names_chosen: bool = False  # ``names`` only when given a dict (``isinstance``): else a list or one tensor
    news: dict[cst.SimpleStatementLine, cst.SimpleStatementLine] = field(default_factory=dict)


_RESOLVED = ("capacity", "min_after_dequeue", "seed", "dequeue_many")  # (what the chain reads, at the call)


def _bound_names(node: cst.CSTNode) -> set[str]:
    """The names a statement binds anywhere inside (not in nested functions or classes)."""
    found: set[str] = set()

    class _V(Visitor):
        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            found.add(n.name.value)
            return False

        def visit_ClassDef(self, n: cst.ClassDef) -> bool:
            found.add(n.name.value)
            return False

        def _bind(self, target: cst.BaseExpression) -> None:
            if isinstance(target, (cst.Name, cst.Tuple, cst.List)):
                found.update(names_in(target))

        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            self._bind(n.target)

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            self._bind(n.target)

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            self._bind(n.target)

        def visit_For(self, n: cst.For) -> None:
            self._bind(n.target)

        def visit_AsName(self, n: cst.AsName) -> None:
            self._bind(n.name)  # type: ignore[arg-type]

    node.visit(_V())
    return found


def stage_of(finder, stmt: cst.SimpleStatementLine, api: str) -> tuple[Stage, cst.BaseExpression] | None:
    """(the stage, the tensors the call gives it) for ``targets = helper(tensors, ...)`` at ``stmt`` where the
    helper is a queue stage; None where the call is no such helper; Refusal where it is one that cannot go."""

    small = stmt.body[0] if len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call)):
        return None
    return stage_of_call(finder, stmt, small.value)


def stage_of_call(finder, stmt: cst.CSTNode, call: cst.Call) -> tuple[Stage, cst.BaseExpression] | None:
    """``stage_of`` for the call itself (``train.batch(shuffle_inputs([x, y]), n)``: a stage inside the batch)."""
    from tfdata_bridge._src.migrate.helpers import _bind_call, _resolve
    from tfdata_bridge._src.migrate.module_names import through_module

    found = helper_of(finder, stmt, call)
    if found is None or not _is_queue_stage(found[1], found[0]):
        return None
    fn, home, here, module_ref, written = found
    line = _line(finder, stmt)
    name = fn.name.value
    try:
        # the keywords the call hands the helper's ``**kwargs`` (its queue's arguments, where it hands them on)
        star = fn.params.star_kwarg.name.value if isinstance(fn.params.star_kwarg, cst.Param) else None
        named = {p.name.value for p in fn.params.params}
        extra = {a.keyword.value: a.value for a in call.args if star is not None and a.keyword is not None
                 and a.keyword.value not in named}
        kind, args, given, locals_ = stage_pattern(home, fn, sorted(extra) if star is not None else None)
        method = isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) and \
            call.func.value.value in ("self", "cls") and fn.params.params and \
            fn.params.params[0].name.value in ("self", "cls")
        bound_fn = fn.with_changes(params=fn.params.with_changes(params=fn.params.params[1:])) if method else fn
        if star is not None:  # (bound as the helper's own parameters are: ``forwarded_name``)
            bound_fn = bound_fn.with_changes(params=bound_fn.params.with_changes(star_kwarg=None))
            call = call.with_changes(args=[a for a in call.args if a.keyword is None or a.keyword.value in named])
        bound = _bind_call(bound_fn, call)
        bound.update({forwarded_name(k): v for k, v in extra.items()})
        shared = args.get("shared_name")  # (a parameter: ``stage_pattern``; None as this call gives it, or refused)
        if isinstance(shared, cst.Name) and not is_none(bound.get(shared.value)):
            given_ = bound.get(shared.value)
            raise Refusal(f"its `{kind}` takes `shared_name={shared.value}`, which this call gives "
                          f"`{cst.Module([]).code_for_node(given_) if given_ is not None else '?'}`: the queue is "
                          "shared with the other sessions of a server, not a stage of one chain")
        if not here:  # names of the helper's own module, through the module the call names it by
            params = {p.name.value for p in fn.params.params} | {forwarded_name(k) for k in extra}
            local = {k: _resolve(v, {}, locals_, name) for k, v in args.items()
                     if k in _RESOLVED and not is_none(v)}
            try:
                here_ = (finder.scopes, stmt)
                local = through_module(local, params, home.scopes, fn, module_ref, here_)
                given_ = _given(bound_fn, call)  # a default is evaluated in the helper's module
                defaults = {p: v for p, v in bound.items() if p not in given_ and any(
                    p in names_in(x) for x in local.values())}
                bound.update(through_module(defaults, set(), home.scopes, fn, module_ref, here_))
            except Refusal as exc:
                raise Refusal(str(exc).replace("the reader's", "the queue's", 1)) from None
            resolved = {k: _resolve(v, bound, {}, name) for k, v in local.items()}
        else:
            resolved = {k: _resolve(v, bound, locals_, name) for k, v in args.items()
                        if k in _RESOLVED and not is_none(v)}
    except Refusal as exc:
        raise Refusal(f"the queue stage `{name}` called at line {line}: {exc}") from None
    tensors = bound[given]
    if "dequeue_many" in args:  # (the chunk form: the call hands the helper a queue, whose elements go in)
        tensors = cst.Call(cst.Attribute(tensors, cst.Name("dequeue")))
    through_self = isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) and \
        call.func.value.value in ("self", "cls")  # (a method, static or not: it goes from its class)
    stage = Stage(kind, name, resolved["capacity"], resolved.get("min_after_dequeue"), resolved.get("seed"), None,
                  [stmt], fn if here and not through_self else None,
                  call.func if isinstance(call.func, cst.Name) else None, written if here and through_self else None,
                  not is_none(args.get("names")), resolved.get("dequeue_many"))
    stage.names_chosen = NAMES_IF_DICT in args
    if stage.chunk is not None:
        stage.removes = []  # (the call is the read: it goes with the source, ``Finder.pipeline``)
    return stage, tensors


def _given(fn: cst.FunctionDef, call: cst.Call) -> set[str]:
    names = [p.name.value for p in fn.params.params]
    given = {names[i] for i, a in enumerate(call.args) if a.keyword is None and i < len(names)}
    return given | {a.keyword.value for a in call.args if a.keyword is not None}


def stage_needs(finder, body: list[cst.BaseStatement], j: int, needed: set[str], api: str
                ) -> tuple[Stage, cst.SimpleStatementLine | None, set[str]] | None:
    """(the stage, the statement that stands for it in the per-element function or None, the names it reads) where
    ``body[j]`` (a statement between the read and the batch) runs the needed tensors through a queue stage,
    straight or under ``if flag:``; ``body[j + 1:]``: the statements after it up to the batch. None: no stage."""
    prev, before, after = body[j], body[:j], body[j + 1:]
    if isinstance(prev, cst.SimpleStatementLine):
        got = stage_of(finder, prev, api)
        if got is None:  # (a queue written here, between the read and the batch: ``hand_stages.py``)
            from tfdata_bridge._src.migrate.hand_stages import hand_stage
            return hand_stage(finder, prev, needed, after[-1] if after else prev)
        stage, tensors = got
        target = prev.body[0].targets[0].target
        if not needed & set(target_names(target) or ()):
            return None
        _unchanged(finder, stage, after)
        if stage.chunk is not None:  # ``x = helper(producer, k)``: the read itself (``q.dequeue()``), then the stage
            read = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], tensors)])
            return stage, read, names_in(tensors)
        shape = _check_one_list(finder, prev, before, tensors, stage)
        given = _dequeued(tensors) if shape == _ONE else tensors  # (a list of one: its queue gives the tensor)
        if cst.Module([]).code_for_node(target) == cst.Module([]).code_for_node(given):
            return stage, None, names_in(tensors)
        alias = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], given)])
        return stage, alias, names_in(tensors)
    if not isinstance(prev, cst.If) or not isinstance(prev.body, cst.IndentedBlock):
        return None
    inner = list(prev.body.body)
    staged = []
    for s in inner:
        got = stage_of(finder, s, api) if isinstance(s, cst.SimpleStatementLine) else None
        if got is not None:
            staged.append((s, got))
    if not staged:
        return None
    line = _line(finder, prev)
    s, (stage, tensors) = staged[0]
    target = s.body[0].targets[0].target
    if not needed & set(target_names(target) or ()):
        return None
    where = f"the queue stage `{stage.helper}` under the `if` at line {line}"
    if stage.chunk is not None:
        raise Refusal(f"{where} is handed a queue, whose elements it dequeues: only a stage of tensors is kept in "
                      "the chain under the program's `if`")
    if prev.orelse is not None:
        raise Refusal(f"{where} has an `else`: only `if flag:` around the stage is kept in the chain")
    if len(staged) > 1:
        raise Refusal(f"{where} is one of {len(staged)} stages in that `if`")
    if cst.Module([]).code_for_node(target) != cst.Module([]).code_for_node(tensors):
        raise Refusal(f"{where} gives its tensors new names (`{cst.Module([]).code_for_node(target)}`): inside an "
                      "`if` the stage must rebind the names it is given")
    for other in inner:
        if other is not s and _bound_names(other) & (needed | names_in(tensors)):
            raise Refusal(f"{where}: the statement at line {_line(finder, other)} in that `if` also gives the "
                          "batched tensors a new value")
    flag_names = names_in(prev.test)
    if flag_names & _bound_names(prev):
        raise Refusal(f"{where}: the `if` changes its own condition")
    if _check_one_list(finder, s, before, tensors, stage) == _ONE:
        raise Refusal(f"{where} is given `{cst.Module([]).code_for_node(tensors)}`, not a list of two or more tensors "
                      "but a list of one, which its queue gives back as the bare tensor: the batch would take a "
                      "tensor or a list as the flag says; give the stage the tensor itself")
    rest = inner[inner.index(s) + 1:]
    _unchanged(finder, stage, [*rest, *after])
    bad = next((a for a in after if _bound_names(a) & flag_names), None)
    if bad is not None:
        raise Refusal(f"{where}: its condition's `{sorted(_bound_names(bad) & flag_names)[0]}` gets a new value at "
                      f"line {_line(finder, bad)}, before the batch that the chain's `if` stands for")
    stage.flag = prev.test
    stage.removes = [prev] if len(inner) == 1 else [s]
    return stage, None, names_in(tensors)


# what a stage's queue gives back, as legacy's ``_dequeue_return_value`` makes it: a list of its components, the
# dict of its ``names``, or the one component's bare tensor (given a bare tensor, or a list of one)
_LIST, _DICT, _TENSOR, _ONE = "list", "dict", "tensor", "one"


def _dequeued(tensors: cst.BaseExpression) -> cst.BaseExpression:
    """What a queue given ``tensors``, a list of one tensor, dequeues: that tensor (``[x]``: ``x``)."""
    if isinstance(tensors, (cst.List, cst.Tuple)):
        return tensors.elements[0].value
    return cst.Subscript(tensors, [cst.SubscriptElement(cst.Index(cst.Integer("0")))])


def _check_one_list(finder, stmt, before: list[cst.BaseStatement], tensors: cst.BaseExpression, stage: Stage
                    ) -> str:
    """What the stage is given, where legacy's dequeue is known from it: ``_LIST`` (two or more tensors: the
    list), ``_DICT`` (a dict, to a queue with ``names``: the dict), ``_TENSOR`` (one bare tensor: the tensor) or
    ``_ONE`` (a list of one tensor: its queue of one component dequeues the bare tensor, not a list of one).
    Anything else is refused: the rewrite cannot tell which of them the program's queue gave."""
    if isinstance(tensors, cst.Name):  # the last statement before the stage that binds the name
        made = next((b for b in reversed(before) if tensors.value in _bound_names(b)), None)
        small = made.body[0] if isinstance(made, cst.SimpleStatementLine) and len(made.body) == 1 else None
        value = small.value if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
            isinstance(small.targets[0].target, cst.Name) else None
        earlier = stage_of(finder, made, "") if value is not None else None
        if earlier is not None:  # what another stage dequeues: what that stage was given, as its queue gives it
            shape = _check_one_list(finder, made, before[:before.index(made)], earlier[1], earlier[0])
            shape = _TENSOR if shape == _ONE else shape
        elif value is None and isinstance(small, cst.Assign) and _unpacked_tensor(finder, made, small, tensors.value):
            shape = _TENSOR
        else:
            shape = None
    else:
        made, value, shape = stmt, tensors, None
    # (a queue without ``names`` takes no dict; one with them, nothing else; ``names`` chosen by ``isinstance``:
    # a dict with them, anything else without)
    listed = not stage.names or stage.names_chosen
    if shape is None:
        shape = _DICT if stage.names and _known_dict(finder, made, value) else \
            _LIST if _known_list(finder, made, value) else \
            _ONE if listed and _one_listed(finder, made, value) else \
            _TENSOR if listed and _known_tensor(finder, made, value) else None
    if shape == _DICT and not stage.names or shape in (_ONE, _TENSOR) and not listed:
        shape = None
    if shape is None:
        raise Refusal(f"the queue stage `{stage.helper}` at line {_line(finder, stmt)} is given "
                      f"`{cst.Module([]).code_for_node(tensors)}`, not a list of two or more tensors, a dict (to a "
                      "queue with `names`), a list of one or one tensor known by how it is made: a queue of one "
                      "component dequeues a bare tensor, which the rewrite cannot tell")
    if stage.names_chosen and shape != _DICT:
        stage.names = False  # (given no dict, its queue took no ``names``)
    return shape


def _known_list(finder, stmt, value) -> bool:
    """Whether ``value`` is a list (or tuple) of two or more tensors: such a literal, or the call of a function of
    the tree whose every ``return`` gives one (``row = read_row(queue)``)."""
    if isinstance(value, (cst.List, cst.Tuple)):
        return len(value.elements) > 1 and not any(isinstance(e, cst.StarredElement) for e in value.elements)
    return isinstance(value, cst.Call) and stmt is not None and _every_return(finder, stmt, value, _known_list)


def _one_listed(finder, stmt, value) -> bool:
    """Whether ``value`` is a list (or tuple) literal of one tensor (``[image]``): its queue gives the tensor."""
    return isinstance(value, (cst.List, cst.Tuple)) and len(value.elements) == 1 and \
        isinstance(value.elements[0], cst.Element) and _known_tensor(finder, stmt, value.elements[0].value, True)


def _builtin(finder, stmt, name: str) -> bool:
    """Whether ``name`` read at ``stmt`` is the builtin (no binding of the program's shadows it)."""
    scope = finder.scopes.scope(stmt) if stmt is not None else None
    return scope is not None and all(isinstance(a, BuiltinAssignment) for a in scope[name])


def _known_dict(finder, stmt, value) -> bool:
    """Whether ``value`` is a dict: a dict literal or comprehension, a call of the builtin ``dict``
    (``dict(zip(KEYS, columns))``), a parser's (``parse_single_example``), or the call of a function of the tree
    whose every ``return`` gives one."""
    if isinstance(value, cst.Dict):
        return not any(isinstance(e, cst.StarredDictElement) for e in value.elements)
    if isinstance(value, cst.DictComp):
        return True
    if not isinstance(value, cst.Call):
        return False
    if isinstance(value.func, cst.Name) and value.func.value == "dict" and _builtin(finder, stmt, "dict"):
        return True  # (``dict(...)`` gives a dict or raises)
    if stmt is None:
        return False
    if finder.is_api(value, "parse_single_example", "parse_example"):
        return True  # (the parsers give a dict of their features' keys)
    return _every_return(finder, stmt, value, _known_dict)


# TensorFlow functions that give one tensor (a dense one: a queue takes no sparse tensor)
_ONE_TENSOR = frozenset({
    "decode_jpeg", "decode_png", "decode_image", "decode_bmp", "decode_gif", "decode_raw", "decode_compressed",
    "decode_base64", "read_file", "parse_tensor", "cast", "reshape", "to_float", "to_int32", "to_int64",
    "string_to_number", "to_number", "identity", "convert_to_tensor", "expand_dims", "squeeze", "stack", "concat",
    "one_hot", "resize_images", "resize", "resize_image_with_crop_or_pad", "convert_image_dtype",
    "per_image_standardization", "random_crop", "random_flip_left_right", "random_flip_up_down", "transpose",
    "constant", "substr", "string_join", "reduce_join", "abs", "add", "multiply", "subtract", "divide"})
# TensorFlow functions whose result unpacks into tensors, one a name (``a, b = tf.decode_csv(...)``)
_TENSOR_LISTS = frozenset({"decode_csv", "unstack", "split"})


def _known_tensor(finder, stmt, value, inside: bool = False) -> bool:
    """Whether ``value`` is one tensor by how it is made: the call of a TensorFlow function that gives one
    (``tf.image.decode_jpeg(raw)``), or a name bound so before (``inside``: read in the statement ``stmt``)."""
    if isinstance(value, cst.Call):
        path = finder.api(value)
        return path is not None and path.rsplit(".", 1)[-1] in _ONE_TENSOR
    if not (isinstance(value, cst.Name) and inside and stmt is not None):
        return False
    made = finder.scopes.single_assignment(stmt, value.value)
    small = made.body[0] if made is not None and len(made.body) == 1 else None
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return False
    if isinstance(small.targets[0].target, cst.Name):
        return _known_tensor(finder, made, small.value)
    return _unpacked_tensor(finder, made, small, value.value)


def _unpacked_tensor(finder, stmt, small: cst.Assign, name: str) -> bool:
    """Whether ``small`` (at ``stmt``) binds ``name`` by unpacking what gives tensors, one a name: a reader's
    ``read`` (``key, value = reader.read(queue)``, the reader made by its TensorFlow class), ``decode_csv``,
    ``unstack`` or ``split``."""
    target = small.targets[0].target if len(small.targets) == 1 else None
    if not isinstance(target, (cst.Tuple, cst.List)) or not all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements) or \
            name not in [e.value.value for e in target.elements]:
        return False
    value = small.value
    if not isinstance(value, cst.Call):
        return False
    path = finder.api(value)
    if path is not None:
        return path.rsplit(".", 1)[-1] in _TENSOR_LISTS
    if not (isinstance(value.func, cst.Attribute) and value.func.attr.value == "read" and len(target.elements) == 2):
        return False
    reader = value.func.value
    if isinstance(reader, cst.Name):  # (``reader = tf.TFRecordReader()`` once before)
        made = finder.scopes.single_assignment(stmt, reader.value)
        small_ = made.body[0] if made is not None and len(made.body) == 1 else None
        reader = small_.value if isinstance(small_, cst.Assign) else None
    return (finder.api(reader) or "").endswith("Reader")


def _every_return(finder, stmt, value: cst.Call, known) -> bool:
    """Whether ``value`` calls a function of the tree that ends by a ``return`` and each of whose ``return``s gives
    what ``known`` (read without the call site) takes."""
    found = helper_of(finder, stmt, value)
    if found is None:
        return False
    fn = found[0]
    returns: list[cst.Return] = []

    class _R(Visitor):
        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is fn

        def visit_ClassDef(self, n: cst.ClassDef) -> bool:
            return False

        def visit_Lambda(self, n: cst.Lambda) -> bool:
            return False

        def visit_Return(self, n: cst.Return) -> None:
            returns.append(n)

    fn.visit(_R())
    body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ()
    ends = bool(body) and isinstance(body[-1], cst.SimpleStatementLine) and isinstance(body[-1].body[-1], cst.Return)
    return ends and bool(returns) and all(known(finder, None, r.value) for r in returns)


def _unchanged(finder, stage: Stage, after: list[cst.BaseStatement]) -> None:
    """The stage's capacity and seed read names that keep their values up to the batch (the chain reads them
    there)."""
    read = set()
    for v in (stage.capacity, stage.seed, stage.chunk):
        if v is not None:
            read |= names_in(v)
    for a in after:
        hit = _bound_names(a) & read
        if hit:
            raise Refusal(f"the capacity of the queue stage `{stage.helper}` reads `{sorted(hit)[0]}`, which gets "
                          f"a new value at line {_line(finder, a)} before the batch, where the chain's `shuffle` "
                          "reads it")


def inline_stage(finder, stmt: cst.SimpleStatementLine, tensors: cst.BaseExpression, body: list[cst.BaseStatement]
                 ) -> tuple[Stage, cst.BaseExpression] | None:
    """(the stage, the tensors it is given) where a batch's tensors are a stage's call written inside it."""
    if not isinstance(tensors, cst.Call):
        return None
    got = stage_of_call(finder, stmt, tensors)
    if got is None:
        return None
    stage, inner = got
    stage.removes = []  # (the call goes with the batch's statement)
    if _check_one_list(finder, stmt, body, inner, stage) == _ONE:
        return stage, _dequeued(inner)  # (``batch(shuffle([x]), n)``: legacy's batch was given ``x``)
    return stage, inner


def stage_steps(stage: Stage, code) -> list[str]:
    """The chain's steps for one stage: ``shuffle(capacity[, seed=])``, or none for a FIFOQueue."""
    chunked = [] if stage.chunk is None else [f"batch({code(stage.chunk)}, drop_remainder=True)", "unbatch()"]
    if stage.kind != "RandomShuffleQueue":
        return chunked
    seed = "" if is_none(stage.seed) else f", seed={code(stage.seed)}"
    return [*chunked, f"shuffle({code(stage.capacity)}{seed})"]


def stage_notes(stage: Stage, code) -> list[str]:
    chosen = f" under `if {code(stage.flag)}:`, as the program chose" if stage.flag is not None else ""
    named = f"; its `names` dict goes on as the dict element it was given" if stage.names else ""
    if stage.chunk is not None:  # (legacy's ``dequeue_many`` fails on a tail short of a chunk: never enqueued)
        named += (f"; filled by chunks of {code(stage.chunk)}, so the elements after the last whole chunk are "
                  "dropped, as legacy's `dequeue_many` never took them")
    if stage.kind != "RandomShuffleQueue" and stage.threads:  # (one thread's order is one of theirs)
        count = stage.threads if stage.threads.startswith("`") else f"{stage.threads}"
        return [f"`{stage.helper}`'s FIFOQueue hands the elements on: no step (legacy's {count} runner threads raced "
                f"for their order, each element once; tf.data's is one of those orders){chosen}{named}"]
    if stage.kind != "RandomShuffleQueue":
        return [f"`{stage.helper}`'s FIFOQueue hands the elements on in order: no step{chosen}{named}"]
    floor = "" if stage.min_after_dequeue is None else (
        f"; its min_after_dequeue={code(stage.min_after_dequeue)} is no floor for tf.data's buffer, which hands "
        "elements on to the last")
    return [f"`{stage.helper}`'s RandomShuffleQueue becomes shuffle({code(stage.capacity)}){chosen}, order differs "
            f"from the queue's for the same seed{floor}{named}"]


__all__ = ["Stage", "calls_queue_helper", "inline_stage", "is_stage_helper", "stage_needs", "stage_notes", "stage_of",
           "stage_steps"]
