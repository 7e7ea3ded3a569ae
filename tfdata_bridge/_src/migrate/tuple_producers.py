"""File-name producers returned together by a helper and unpacked by its caller:

    def make_producers(data_dir):
        ...                                                  # any statements computing the lists
        return (tf.train.string_input_producer(train_lines, num_epochs=1, shuffle=False),
                tf.train.string_input_producer(test_lines, num_epochs=1, shuffle=False))

    train_producer, test_producer = make_producers(data_dir)
    path = train_producer.dequeue()
    ...                                                      # per-element code
    images, paths = tf.train.batch([image, path], BATCH_SIZE)

The producer the caller dequeues becomes, in the helper's ``return``, the dataset of its file names (its epochs
and shuffle as written, as ``passed_queue.py`` writes a producer handed in), and the caller's dataset goes on from
that name (``Source(kind="dataset")``). The other elements stay as they are (a producer dequeued elsewhere keeps
its queue, and its runner), except a producer the caller drops (never read; or only returned, and every caller in
the module unpacks it into a name nothing reads): nobody dequeues it, so it only filled its own queue, and it
becomes the dataset of its file names too, which nobody iterates (written by the pipeline of the first element
that is read). Each element is replaced on its own, so two producers read by two batches are two rewrites of one
``return``.

Followed only where the helper is a module function of this module called once, or of another module of the tree
(changed there by the tree's requests, where every use of it is rewritten; its module's spelling of TensorFlow
writing the dataset); its one ``return`` is its last statement, a tuple or list display as long as the unpacking;
the element is an inline ``string_input_producer`` and the unpacked name is read by its one ``dequeue()`` alone.
None otherwise (the other forms' reasons stand).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, is_none, nodes_of, target_names

_PRODUCER = "train.string_input_producer"


@dataclass
class ReturnedProducers:
    """The producers of one helper's ``return`` that a pipeline turns into datasets of file names."""

    param: str  # the caller's name of the producer it dequeues (now the dataset)
    ret: cst.SimpleStatementLine  # the helper's ``return``
    fn: cst.FunctionDef  # the helper
    producers: list[tuple[dict[str, cst.BaseExpression], cst.BaseExpression]]  # (bound arguments, the element)
    home_v1: str | None = None  # a helper of another module: how its module spells tensorflow.compat.v1


def tuple_producer_source(finder, stmt: cst.SimpleStatementLine, assign: cst.Assign, defined: list[str]):
    """The source of ``name = queue.dequeue()`` where ``queue`` is unpacked from a helper's returned producers;
    None for any other statement."""
    from tfdata_bridge._src.migrate.calls import v1_prefix
    from tfdata_bridge._src.migrate.pipelines import Source

    value = assign.value
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and
            value.func.attr.value == "dequeue" and not value.args and isinstance(value.func.value, cst.Name)):
        return None
    queue = value.func.value
    made = finder.scopes.single_assignment(stmt, queue.value)
    if made is None or len(made.body) != 1 or not isinstance(made.body[0], cst.Assign) or \
            len(made.body[0].targets) != 1:
        return None
    unpack = made.body[0]
    target = unpack.targets[0].target
    call = unpack.value
    if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(call, cst.Call) or \
            not isinstance(call.func, cst.Name):
        return None
    names = target_names(target)
    if names is None or names.count(queue.value) != 1 or \
            not all(isinstance(el.value, cst.Name) for el in target.elements):
        return None
    fn, home = finder.scopes.module_function(made, call.func.value), None
    if fn is None and finder.external is not None:  # a helper of another module of the tree: changed there
        found = finder.external(call.func)  # (by the tree's requests, where every use of it is rewritten)
        fn, home = found if found is not None else (None, None)
    if fn is None:
        return None
    own = home or finder  # (the helper's module knows what its calls are)
    returned = _returned(fn)
    if returned is None:
        return None
    ret_stmt, elements = returned
    if len(elements) != len(names):
        return None
    element = elements[names.index(queue.value)]
    if not own.is_api(element, _PRODUCER):
        return None
    what = f"the file queue `{queue.value}` returned by `{fn.name.value}`"
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"{what}: the helper is decorated or async")
    home_v1 = v1_prefix(home.module) if home is not None and isinstance(home.module, cst.Module) else None
    if home is not None and home_v1 is None:
        raise Refusal(f"{what}: its module imports no `tensorflow.compat.v1` (nor `tensorflow`) to write the "
                      "dataset with")
    if home is None and len(finder.scopes.callers(fn)) != 1:
        raise Refusal(f"{what}: `{fn.name.value}` has other callers, which would get a dataset for the queue")
    if [r for r in finder.scopes.readers_of(made, queue.value) if r is not queue]:
        raise Refusal(f"{what} is also used beyond its one `dequeue()` (each name goes to one consumer; a second "
                      "one competes for them)")
    if not isinstance(assign.targets[0].target, cst.Name):
        raise Refusal("the `string_input_producer` dequeue gives one file name; it must be assigned to one name")
    args = bind(element, _PRODUCER)
    for bad in ("shared_name", "cancel_op"):
        if not is_none(args.get(bad)):
            raise Refusal(f"`string_input_producer({bad}=...)` has no tf.data equivalent")
    producers = [(args, element)]
    first = next((el for n, el in zip(names, elements) if own.is_api(el, _PRODUCER) and
                  not _dropped(finder, made, n)), None)
    for name, other in zip(names, elements) if first is element else ():
        if other is element or not own.is_api(other, _PRODUCER) or not _dropped(finder, made, name):
            continue  # (anything else stays: a producer read elsewhere keeps its queue, for its own rewrite)
        # a producer the caller drops: a dataset nobody iterates, as its queue was one nobody dequeued
        bound = bind(other, _PRODUCER)
        if all(is_none(bound.get(bad)) for bad in ("shared_name", "cancel_op")):
            producers.append((bound, other))
    passed = ReturnedProducers(queue.value, ret_stmt, fn, producers, home_v1)
    return Source("dataset", [stmt], defined, call={"dataset": cst.Name(queue.value)}, passed=passed)


def _dropped(finder, made: cst.SimpleStatementLine, name: str) -> bool:
    """Nothing reads ``name`` (bound by ``made``) as a queue: no read at all; or one, as an element of its
    function's one ``return`` (its last statement, a display), each call of that function (a module function
    called in this module alone) unpacking that element into a name nothing reads (``_``)."""
    readers = finder.scopes.readers_of(made, name)
    if not readers:
        return True
    module = getattr(finder, "module", None)
    fn = getattr(finder.scopes.scope(made), "node", None)
    if len(readers) != 1 or not isinstance(module, cst.Module) or not isinstance(fn, cst.FunctionDef) or \
            fn.decorators or finder.scopes.module_function(made, fn.name.value) is not fn:
        return False
    returned = _returned(fn)
    if returned is None:
        return False
    at = next((i for i, el in enumerate(returned[1]) if el is readers[0]), None)
    callers = finder.scopes.callers(fn)
    if at is None or not callers:
        return False
    unpacked = 0
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        if len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Assign):
            continue
        assign = stmt.body[0]
        if not (isinstance(assign.value, cst.Call) and any(assign.value.func is c for c in callers)):
            continue
        names = target_names(assign.targets[0].target) if len(assign.targets) == 1 else None
        if names is None or len(names) != len(returned[1]) or finder.scopes.readers_of(stmt, names[at]):
            return False
        unpacked += 1
    return unpacked == len(callers)  # (every use a call so unpacked: no other reader of the result)


def _returned(fn: cst.FunctionDef) -> tuple[cst.SimpleStatementLine, list[cst.BaseExpression]] | None:
    """(the ``return`` statement, its elements) where ``fn``'s one return, its last statement, returns a tuple or
    list display with no starred element; None otherwise."""
    if not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body:
        return None
    if nodes_of(fn.body, cst.Yield) or nodes_of(fn.body, cst.Await):
        return None  # (a generator or a coroutine: its call returns no producers)
    last = fn.body.body[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and
            isinstance(last.body[0], cst.Return)) or len(nodes_of(fn.body, cst.Return)) != 1:
        return None
    value = last.body[0].value
    if not isinstance(value, (cst.Tuple, cst.List)) or \
            any(isinstance(el, cst.StarredElement) for el in value.elements):
        return None
    return last, [el.value for el in value.elements]


__all__ = ["ReturnedProducers", "tuple_producer_source"]
