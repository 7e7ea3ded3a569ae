"""A queue built without ``shapes`` read in chunks: its kernel given its writers' one shape before it is made.

TensorFlow's queue kernels refuse ``dequeue_many`` and ``dequeue_up_to`` without ``shapes``, so a batch
pipeline over the ``dequeue()`` of a queue built without them (``RandomShuffleQueue(capacity=1000,
min_after_dequeue=600, dtypes=[tf.string])``, as the captioning and Inception inputs build theirs) read it
one kernel call per element: 81-112 µs of CPU each, half of that program's epoch (``benchmarks/README.md``).

Where every writer of such a queue (its ``enqueue`` and ``enqueue_many`` ops, the drop-in's runner feed
among them) puts elements of one fully known shape, the queue can only ever hold elements of that shape,
and a kernel made with ``shapes`` set to it holds, shuffles, counts, closes and hands out exactly what the
kernel without them does; it also takes ``dequeue_up_to``. So when a batch pipeline is built over the
queue's ``dequeue()`` before its graph first runs (``pin``, called by ``graph_batch``), the queue op's
``shapes`` attribute is set to that shape, and so is the handle the pipeline's functions reopen by
``shared_name`` (the kernel refuses a handle whose attributes differ); the pipeline then reads chunks
(``queue_reading.most_per_read``) as over a queue built with shapes. Only the kernel knows: the Python
queue's ``shapes``, and the static shapes of its dequeues, stay legacy's (unknown).

Not where anything could tell the difference: a writer of another or of a not fully known shape, a
``dequeue_many`` / ``dequeue_up_to`` (legacy's kernel refuses them on this queue), any other use of its
handle (``QueueBase.from_list`` stacks it), a handle already reopened with the old attributes, or a graph
that already ran. Writers inside functions (a ``tf.cond`` branch) are seen through the drop-in's own
``enqueue`` / ``enqueue_many`` (``wrote``). One built after the pin is found when the graph first runs
(``settle``): the kernel gets its attribute back, and the pipelines built on the pin are rebuilt to read one
element per call (``adopt``). One found after the graph ran (its kernel may exist with the shapes) raises,
saying to build every enqueue before the first run.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat import first_run_probe
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.compat.queue_reading import Reopen
from tfdata_bridge._src.tf import tf

logger = logging.getLogger("tfdata_bridge")
tf1 = tf.compat.v1

_KINDS = frozenset({"FIFOQueueV2", "RandomShuffleQueueV2"})
_WRITERS = {"QueueEnqueueV2": 0, "QueueEnqueueManyV2": 1}  # op type -> leading dimensions that are not the element's
# uses of the handle that cannot write it or read it in batches: TensorFlow's queue ops, and the datasets and
# functions the drop-in's own dequeue() builds (a function the program builds is seen through ``wrote``)
_HARMLESS = frozenset({"QueueDequeueV2", "QueueCloseV2", "QueueSizeV2", "QueueIsClosedV2", "If", "StatelessIf",
                       "While", "StatelessWhile", "PartitionedCall", "StatefulPartitionedCall"})


@dataclass(eq=False)
class _Pin:
    queue: Any
    shapes: list[Any]
    mark: int = 0  # the reopen's calls when the pipeline now being built began (``pin``)
    owned: int = 0  # reopens made by the pipelines built on the pin (each is rebuilt when it is undone)
    pipelines: list[Any] = field(default_factory=list)  # shared_streams.Consumer: iterator op + rebuild


@dataclass(eq=False)
class _State:
    pins: dict[str, _Pin] = field(default_factory=dict)  # by queue op name
    writes: dict[str, list[tuple[str, list[Any]]]] = field(default_factory=dict)  # queue op -> (op, element shapes)
    batched_reads: dict[str, list[str]] = field(default_factory=dict)  # queue op -> its dequeue_many/up_to ops
    refused: set[str] = field(default_factory=set)  # unpinned once: read one element per call from then on
    ran: bool = False
    version: int = -1  # the graph's version when last settled


_states: GraphTable[_State] = GraphTable("queue_shapes")
_lock = threading.RLock()


def _state(graph: Any) -> _State:
    state = _states.get(graph)
    if state is None:
        first_run_probe.ensure(graph)  # (settle may change the queue's kernel: first_run_probe.py)
        state = _states.setdefault(graph, _State())
    return state


def made(queue: Any) -> None:
    """A drop-in graph-mode queue was made: its graph's table starts here, so that ``settle`` marks the graph
    as run from then on (and a graph that ran before it had a table ran without this queue: its kernel was
    not made then)."""
    _state(queue.queue_ref.graph)


def wrote(queue: Any, op: Any, many: bool) -> None:
    """The drop-in's ``queue.enqueue`` (``many``: ``enqueue_many``) made ``op``, in any graph or function."""
    if getattr(op, "inputs", None) is None:  # (eager: no op)
        return
    skip = 1 if many else 0
    with _lock:
        _state(queue.queue_ref.graph).writes.setdefault(queue.queue_ref.op.name, []).append(
            (op.name, [v.shape[skip:] for v in op.inputs[1:]]))


def read_batched(queue: Any, method: str, name: str) -> None:
    """The drop-in built ``queue.<method>`` (``dequeue_many`` or ``dequeue_up_to``) named ``name``."""
    with _lock:
        _state(queue.queue_ref.graph).batched_reads.setdefault(queue.queue_ref.op.name, []).append(f"{name} ({method})")


def _element_shapes(queue: Any, state: _State) -> list[Any] | str:
    """The one fully known element shape every writer of ``queue`` puts, or why it has none or it must not
    be told to the kernel."""
    ref = queue.queue_ref
    writers = list(state.writes.get(ref.op.name, []))
    for op in ref.consumers():
        if op.type in _WRITERS:
            writers.append((op.name, [v.shape[_WRITERS[op.type]:] for v in op.inputs[1:]]))
        elif op.type not in _HARMLESS and not op.type.endswith("Dataset"):
            return f"{op.name} ({op.type}) uses its handle"
    if state.batched_reads.get(ref.op.name):
        return f"{state.batched_reads[ref.op.name][0]} reads it, which legacy's kernel refuses without shapes"
    if not writers:
        return "no enqueue op writes it"
    found = writers[0][1]
    for name, shapes in writers:
        if len(shapes) != len(queue.dtypes) or not all(s.is_fully_defined() for s in shapes):
            return f"{name} enqueues elements of shapes {[str(s) for s in shapes]}, not fully known"
        if [s.as_list() for s in shapes] != [s.as_list() for s in found]:
            return (f"{writers[0][0]} and {name} enqueue elements of shapes {[str(s) for s in found]} and "
                    f"{[str(s) for s in shapes]}")
    return found


def _set_shapes(queue: Any, shapes: list[Any]) -> None:
    proto = tf1.AttrValue(list=tf1.AttrValue.ListValue(shape=[s.as_proto() for s in shapes]))
    tf_private.set_attr(queue.queue_ref.op, "shapes", proto)
    queue._tfdb_reopen.attrs["shapes"] = list(shapes)  # noqa: SLF001 - queue_reading's hook


def pin(queue: Any) -> None:
    """A batch pipeline over ``queue.dequeue()`` is being built: give a queue without shapes its writers'
    one shape where nothing can tell (see the module docstring), so the pipeline reads it in chunks."""
    reopen = getattr(queue, "_tfdb_reopen", None)
    if tf.executing_eagerly() or not isinstance(reopen, Reopen):
        return
    op = queue.queue_ref.op
    with _lock:
        state = _state(op.graph)
        found = state.pins.get(op.name)
        if found is not None:
            found.mark = reopen.calls
            return
        if (state.ran or op.name in state.refused or op.type not in _KINDS or op.get_attr("shapes")
                or reopen.calls):
            return
        shapes = _element_shapes(queue, state)
        if isinstance(shapes, str):
            logger.debug("queue %s is read one element per call: %s", op.name, shapes)
            return
        _set_shapes(queue, shapes)
        state.pins[op.name] = _Pin(queue, list(shapes), mark=reopen.calls)


def adopt(sources: list[Any], iterator: Any, rebuild: Any, describe: str) -> None:
    """A pipeline whose one-shot ``iterator`` op reads ``sources`` (``Lift.upstreams``' sources) was built:
    where one is a pinned queue, ``rebuild`` remakes the pipeline should the pin be undone (``settle``)."""
    from tfdata_bridge._src.compat.shared_streams import Consumer

    for source in sources:
        queue = getattr(source, "queue", None)
        reopen = getattr(queue, "_tfdb_reopen", None)
        if not isinstance(reopen, Reopen):
            continue
        with _lock:
            found = _state(queue.queue_ref.graph).pins.get(queue.queue_ref.op.name)
            if found is None or any(c.iterator is iterator for c in found.pipelines):
                continue
            found.owned += reopen.calls - found.mark
            found.mark = reopen.calls
            found.pipelines.append(Consumer(describe, iterator, rebuild))


def settle(graph: Any) -> None:
    """The graph runs (a drop-in ``Session.run``, ``start_queue_runners``): check each pin against what was
    built since; undo one that something now tells apart, before its kernel is made."""
    state = _states.get(graph)
    if state is None:  # (no drop-in queue in it yet: see ``made``)
        return
    if state.ran and state.version == graph.version:
        return
    with _lock:
        for name, found in list(state.pins.items()):
            why = _element_shapes(found.queue, state)
            if not isinstance(why, str):
                if [s.as_list() for s in why] == [s.as_list() for s in found.shapes]:
                    continue
                why = f"its writers now enqueue elements of shapes {[str(s) for s in why]}"
            _undo(state, name, found, why)
        state.ran, state.version = True, graph.version


def _undo(state: _State, name: str, found: _Pin, why: str) -> None:
    reopen = found.queue._tfdb_reopen  # noqa: SLF001 - queue_reading's hook
    if state.ran or reopen.calls != found.owned:
        raise RuntimeError(
            f"queue {name!r}: built without shapes, its kernel was given its writers' element shapes "
            f"{[str(s) for s in found.shapes]} so that its batch is read in chunks, but now {why}, and "
            + ("the graph already ran (its kernel may exist with those shapes)" if state.ran else
               "a read of it built since cannot be remade") +
            "; build every enqueue and dequeue of the queue before the graph first runs (the queue is then read "
            "one element per kernel call, as it was built)")
    from tfdata_bridge._src.compat import shared_streams

    _set_shapes(found.queue, [])
    del state.pins[name]
    state.refused.add(name)
    logger.debug("queue %s is read one element per call again: %s", name, why)
    # (from a Session.run, whose graph need not be the default one)
    with found.queue.queue_ref.graph.as_default(), tf1.device("/device:CPU:0"):
        for made in found.pipelines:
            shared_streams._rewire(made)  # noqa: SLF001 - the one way to give an iterator op a new dataset
