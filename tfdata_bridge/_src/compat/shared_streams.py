"""One source, several consumers: each element delivered once.

In legacy TensorFlow the consumers of one queue compete for its elements: two readers on one filename
queue, a reader and a ``dequeue`` on it, ``dequeue_many`` and ``dequeue`` of one input producer, the
tensor lists of a ``batch_join`` that share one ``read()``. Each element goes to exactly one of them.
The drop-in makes an input producer's rows (and a reader's records) a tf.data stream; a stream per
consumer would deliver every element once per consumer.

``limit_epochs`` is such a stream too (``epoch_limit.py``): its consumers share legacy's epoch counter,
so sharing it moves nothing out of tf.data.

So each consumer of an input producer's stream registers here (``consumer``): a one-element-at-a-time
iterator (``reader.read(q)``, ``q.dequeue()``; live unless a lifted pipeline or the fallback took its
tensors over, ``claim``), a ``tf.train.batch`` pipeline reading it, or TensorFlow's own queue filled from
it (``InputQueue.tensorflow_queue``). The consumer set is only complete once the graph is, so the decision
is made when the graph first runs (``settle``: the drop-in ``Session.run`` and ``start_queue_runners``), or
while it is built where it can no longer change (``_compete_now``: two live consumers, one a pipeline), so
that a session outside the drop-in sees it too:

- one live consumer (the common case): its stream stays a native tf.data source, unchanged;
- several, or one source read by several lists of one ``batch_join`` (``share``): the stream is *shared*.
  Its rows go through TensorFlow's own queue kernel, filled by one ``QueueRunner`` from the native
  source, and every consumer reads that kernel (and a reader's records its own TensorFlow reader
  kernel) from inside tf.data by ``shared_name``, as ``queue_reading`` reads a queue. The kernels hand
  each element to whichever consumer asks first: legacy's semantics by construction. Consumers built
  before are rebuilt: their one-shot iterator op is given the new dataset (``tf_private.set_attr``),
  so every tensor the program holds stays valid. One ``FallbackWarning`` says so.

A one-at-a-time read or dequeue that the stream's one live consumer (a batch) took over is not a consumer
(it never runs); if the program runs it anyway (``sess.run(value)`` beside ``tf.train.batch([value])``),
it fails saying why rather than read every element a second time (``_refuse_taken_over``).

A one-at-a-time read or dequeue is made *pending* (``pending=True``): its iterator op reads a stand-in
of the right structure and refuses to run (``PENDING``, its ``container``) until ``settle`` gives it its
real dataset, which happens only where it is still live then. Most are taken over by a batch and never
run, and building their datasets cost a trace or more each before the first batch.

A consumer added to a stream after the graph ran cannot be rebuilt (the session holds the old op): where
it would need the stream shared, ``settle`` raises a ``RuntimeError`` saying to build every consumer
first. A consumer added to a stream already shared is built reading the kernels, and needs nothing.
"""

from __future__ import annotations

import os
import sys
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.tf import tf
from tfdata_bridge._src.warnings import FallbackWarning
from tfdata_bridge._src.compat import queue_shapes
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.compat import first_run_probe
from tfdata_bridge._src.compat.queue_reading import raw_op_attrs

tf1 = tf.compat.v1

# The container of a pending iterator op: running it anywhere but through the drop-in raises
# "InvalidArgumentError: container contains invalid characters: <this>".
PENDING = ("this read or dequeue of the drop-in gets its tf.data source when its graph first runs through "
           "tfdata_bridge.compat.v1's Session (or MonitoredSession, start_queue_runners); run it with that "
           "session, not with tensorflow's own")


@dataclass(eq=False)
class Consumer:
    """A consumer of a stream: ``describe`` for messages; ``rebuild`` makes its dataset afresh (in the
    stream's current mode) for its one-shot ``iterator`` op, or is None (it reads the native source
    whatever the mode: the queue runner that fills the shared kernel). ``ops``: the ``get_next`` ops of a
    one-at-a-time iterator (empty for a pipeline, which is always live)."""

    describe: str
    iterator: Any
    rebuild: Callable[[], Any] | None
    ops: set[str] = field(default_factory=set)
    settled: bool = False  # existed when the graph last ran: its iterator may have run since
    pending: bool = False  # its iterator op reads a stand-in until settle builds it (module docstring)
    # where its iterator op runs even when it is not read (limit_epochs' direct read captures it in a
    # cond): the dataset, failing with the given message, that refuses it when taken over
    refusal: Callable[[str], Any] | None = None
    # where its reads are ops over a stand-in (pending_reads.py): gives them the dataset ``rebuild`` makes
    connect: Callable[[Callable[[], Any]], None] | None = None

    def live(self, claimed: set[str]) -> bool:
        return not self.ops or any(op not in claimed for op in self.ops)


@dataclass(eq=False)
class _Stream:
    stream: Any  # an InputQueue or epoch_limit.EpochLimit: ``shared``, ``share()``, ``runner``, ``describe()``,
    # ``sharing()`` (what sharing does, for the warning) and ``taken_over_fix()``
    consumers: list[Consumer] = field(default_factory=list)
    read_twice: list[str] = field(default_factory=list)  # why one source's elements go to several lists


@dataclass(eq=False)
class _GraphState:
    streams: dict[int, _Stream] = field(default_factory=dict)
    claimed: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)  # ops that run all the same (run_by_legacy)
    dirty: bool = False
    unstarted: list[Any] = field(default_factory=list)  # runners of streams shared while the graph was built


_states: GraphTable[_GraphState] = GraphTable("shared_streams")  # held by its graph (graph_tables.py)
_lock = threading.RLock()


def _state(graph: Any) -> _GraphState:
    state = _states.get(graph)
    if state is None:
        first_run_probe.ensure(graph)  # (settle changes ops: a session that already ran them must not be used)
        state = _states.setdefault(graph, _GraphState())
    return state


def _entry(graph: Any, stream: Any) -> _Stream:
    state = _state(graph)
    entry = state.streams.get(id(stream))
    if entry is None:
        entry = state.streams[id(stream)] = _Stream(stream)
    state.dirty = True
    return entry


def consumer(stream: Any, describe: str, iterator: Any, rebuild: Callable[[], Any] | None,
             pending: bool = False, refusal: Callable[[str], Any] | None = None) -> Consumer:
    """Register a consumer of ``stream`` (built in the default graph) and return it; ``pending``: its
    iterator reads a stand-in until ``settle`` builds its dataset with ``rebuild``; ``refusal``: see
    ``Consumer``."""
    with _lock:
        made = Consumer(describe, iterator, rebuild, pending=pending, refusal=refusal)
        graph = tf1.get_default_graph()
        entry = _entry(graph, stream)
        entry.consumers.append(made)
        if iterator is not None or rebuild is None:  # (a read's or dequeue's is set up by its caller: add_op)
            _compete_now(graph, entry)
        return made


def add_op(made: Consumer, op: Any) -> None:
    """``op`` is a ``get_next`` of ``made``'s iterator (another ``read()`` of one reader); ``made`` is set up
    (its ``iterator``, its ``connect``), so its stream may be shared now (``_compete_now``)."""
    with _lock:
        made.ops.add(op.name)
        state = _state(op.graph)
        state.dirty = True
        for entry in list(state.streams.values()):
            if made in entry.consumers:
                _compete_now(op.graph, entry)


def claim(tensors: Any) -> None:
    """The ops of ``tensors`` are taken over (by a lifted pipeline or the fallback): running them is not
    what consumes their stream."""
    for tensor in tensors:
        with _lock:
            state = _state(tensor.graph)
            state.claimed.add(tensor.op.name)
            state.dirty = True


def run_by_legacy(tensors: Any) -> None:
    """The ops of ``tensors`` run in legacy TensorFlow (a fallback's enqueue op reads them): their
    iterators are consumers, whatever a lifted pipeline also took over."""
    for tensor in tensors:
        with _lock:
            state = _state(tensor.graph)
            state.used.add(tensor.op.name)
            state.dirty = True


def share(stream: Any, why: str) -> None:
    """One source of ``stream`` is read by several consumers of one call (``batch_join`` lists)."""
    with _lock:
        graph = tf1.get_default_graph()
        entry = _entry(graph, stream)
        entry.read_twice.append(why)
        _compete_now(graph, entry)


def share_now(stream: Any, why: str, stacklevel: int = 1) -> None:
    """Share ``stream`` at once, before the graph runs (a reader's count asked for: ``readers.py``): its
    consumers built so far are rewired now, and later ones are built reading the kernels, so even a session
    outside the drop-in that runs the graph first sees the shared stream."""
    with _lock:
        graph = tf1.get_default_graph()
        entry = _entry(graph, stream)
        entry.read_twice.append(why)
        if not stream.shared and id(stream) not in _sharing:
            state = _state(graph)
            runner = _settle(entry, state.claimed - state.used, stacklevel + 1)
            if runner is not None:
                state.unstarted.append(runner)


_sharing: set[int] = set()  # the streams being shared now (sharing one registers its queue runner's consumer)


def _compete_now(graph: Any, entry: _Stream) -> None:
    """Share ``entry``'s stream while the graph is built, as ``settle`` would decide it at the first run, where
    that decision can no longer change: several live consumers, one of them not pending (a pipeline, a direct
    read with its own iterator, the queue runner of TensorFlow's queue), or one source of it going to several
    lists of one call. Then any session that runs the graph, TensorFlow's own too, sees one shared stream.

    Why it cannot change: a consumer stops being live only when a batch takes it over (``claim``), and that
    batch is a pipeline consumer, always live; so once one live consumer is a pipeline, the count stays at two
    or more. Live consumers that are all pending reads (``pending_reads.py``) can still all be taken over by one
    batch (``batch_join`` over the reads of several readers): those wait for ``settle``, as before. A single
    consumer (the common case) costs one pass over the stream's consumers per consumer registered."""
    stream = entry.stream
    if stream.shared or id(stream) in _sharing or getattr(graph, "building_function", False):
        return
    state = _state(graph)
    taken = state.claimed - state.used
    live = [c for c in entry.consumers if c.live(taken)]
    if not entry.read_twice and (len(live) < 2 or all(c.pending for c in live)):
        return
    if any(c.settled for c in entry.consumers):  # (the graph ran: settle refuses at the next run, as before)
        return
    runner = _settle(entry, taken, _outside_stacklevel())
    if runner is not None:
        state.unstarted.append(runner)


def _outside_stacklevel() -> int:
    """The ``stacklevel``, for a warning ``_settle`` gives when ``_compete_now`` calls it, of the first frame
    outside the bridge and TensorFlow: the program's line that built the consumer."""
    frame, level = sys._getframe(1), 2  # noqa: SLF001 - as warnings.warn finds frames (_compete_now's is 2)
    while frame is not None and any(part in frame.f_code.co_filename for part in _INSIDE):
        frame, level = frame.f_back, level + 1
    return level


_INSIDE = (f"{os.sep}tfdata_bridge{os.sep}", f"{os.sep}tensorflow{os.sep}", f"{os.sep}keras{os.sep}")


def settle(graph: Any, stacklevel: int = 1, session: Any = None, outside: Any = None) -> None:
    """Decide, for each stream of ``graph`` with new consumers, whether it is shared (see the module
    docstring); rebuild the consumers of a stream that becomes shared. Cheap when nothing changed.
    ``stacklevel``: the frames from the caller up to the program's line, for the warning. ``session``: the
    session whose run this is; the runner of a stream shared now starts in it at once (the drop-in read
    these streams without ``start_queue_runners``, and a program that relied on that must not hang; a
    later ``start_queue_runners`` finds it started and starts no second thread). First, the queues given
    their writers' shapes are checked against what was built since (``queue_shapes.settle``). ``outside``:
    TensorFlow's own session about to run the graph (``start_queue_runners(sess)``); where it ran the graph
    before this settle changed it, ``RuntimeError`` (``first_run_probe.py``)."""
    shared_now = _settle_graph(graph, stacklevel + 1, session)
    first_run_probe.settled(graph, shared_now, outside)


def _settle_graph(graph: Any, stacklevel: int, session: Any) -> bool:
    """``settle``'s work; True where a stream became shared now (its consumers rewired)."""
    queue_shapes.settle(graph)
    state = _states.get(graph)
    if state is not None and state.unstarted and session is not None:
        with _lock:  # shared while the graph was built: started at its first run, as below
            runners, state.unstarted = state.unstarted, []
        for runner in runners:
            runner.create_threads(session, daemon=True, start=True)
    if state is None or not state.dirty:
        return False
    shared_now = False
    with _lock, graph.as_default():
        if not state.dirty:
            return False
        taken = state.claimed - state.used
        for entry in list(state.streams.values()):
            runner = _settle(entry, taken, stacklevel + 3)  # (a refusal leaves the state dirty: every run raises)
            shared_now = shared_now or runner is not None
            if runner is not None and session is not None:
                runner.create_threads(session, daemon=True, start=True)
        for entry in state.streams.values():
            for made in entry.consumers:
                made.settled = True
        state.dirty = False
    return shared_now


def _settle(entry: _Stream, claimed: set[str], stacklevel: int) -> Any:
    """Share ``entry``'s stream where it has several consumers; return the runner of its shared queue
    when it became shared now, else None."""
    stream = entry.stream
    if stream.shared:
        return None
    live = [c for c in entry.consumers if c.live(claimed)]
    if len(live) < 2 and not entry.read_twice:
        if live:
            _refuse_taken_over(entry, claimed, live[0])
            if live[0].pending:  # (a pipeline is never pending: it has no ops)
                with tf1.device("/device:CPU:0"):
                    _rewire(live[0])
        return None
    why = (f"{len(live)} consumers read it ({', '.join(c.describe for c in live)})" if len(live) >= 2
           else entry.read_twice[0])
    ran = [c.describe for c in entry.consumers if c.settled and c.rebuild is not None]
    if ran:
        raise RuntimeError(
            f"{stream.describe()}: {why}, and in legacy TensorFlow they compete for its elements (each goes to "
            f"one of them); the drop-in shares one stream between them only when they are all built before the "
            f"graph first runs, and {', '.join(ran)} had already run. Build every reader, dequeue and batch over "
            "it before the first sess.run (or give each consumer its own input producer)")
    _sharing.add(id(stream))
    try:
        stream.share()
    finally:
        _sharing.discard(id(stream))
    with tf1.device("/device:CPU:0"):
        for made in entry.consumers:
            if made.rebuild is not None:
                _rewire(made)
    warnings.warn(f"{stream.describe()}: {why}. {stream.sharing()}.", FallbackWarning, stacklevel=stacklevel)
    return stream.runner


def _refuse_taken_over(entry: _Stream, claimed: set[str], reader: Consumer) -> None:
    """A one-at-a-time read or dequeue that ``reader`` (the stream's one live consumer, a pipeline) took
    over is made to fail if it is ever run, rather than read the stream a second time: a program that
    fetches ``value`` beside ``tf.train.batch([value])`` would otherwise get every element twice.

    Its one-shot iterator op is given an invalid ``container`` that says why: running it raises
    ``InvalidArgumentError: container contains invalid characters: <why>``. Nothing is built (a dataset
    and an iterator for the refusal measured 65-100 ms more before the first batch)."""
    for made in entry.consumers:
        if made.settled or made.rebuild is None or made.live(claimed) or made.iterator is None:
            continue
        message = (f"{made.describe} of {entry.stream.describe()} was taken over by {reader.describe}, and running "
                   "it as well would deliver its elements twice (in legacy TensorFlow the two compete for them); "
                   f"{entry.stream.taken_over_fix()}")
        if made.refusal is not None:  # (its iterator op must run: it fails when read instead)
            refusal = made.refusal
            made.rebuild = lambda: refusal(message)
            with tf1.device("/device:CPU:0"):
                _rewire(made)
            continue
        tf_private.set_attr(made.iterator, "container", tf1.AttrValue(s=message.encode()))


def _rewire(made: Consumer) -> None:
    """Give ``made``'s one-shot iterator op the dataset ``made.rebuild()`` makes (a pending one's op is
    cleared to run)."""
    from tfdata_bridge._src.compat.input_producers import standalone_iterator

    if made.connect is not None:  # (its reads move onto the new iterator: pending_reads.py)
        made.connect(made.rebuild)
        made.pending = False
        return
    with tf_private.unfinalized(made.iterator.graph):  # (a graph finalized before its first run)
        fresh = standalone_iterator(made.rebuild())
        op = iterator_op(tf.nest.flatten(fresh.get_next())[0])  # the new OneShotIterator: its factory is the dataset
    old = made.iterator
    for attr in ("output_types", "output_shapes"):
        if old.node_def.attr[attr] != op.node_def.attr[attr]:
            raise AssertionError(f"rebuilding {made.describe} changed its {attr}: {old.node_def.attr[attr]} "
                                 f"became {op.node_def.attr[attr]}")
    tf_private.set_attr(old, "dataset_factory", op.node_def.attr["dataset_factory"])
    if made.pending:
        tf_private.set_attr(old, "container", tf1.AttrValue(s=b""))
        made.pending = False


def reopen(handle: Any) -> Callable[[], Any]:
    """A function making, inside any graph or tf.data function, a new handle to the kernel (queue or
    reader) behind ``handle``: the same op with the same attributes, found by its ``shared_name``."""
    op = handle.op
    attrs = raw_op_attrs(op)
    if not attrs.get("shared_name"):
        raise ValueError(f"{op.name} ({op.type}) has no shared_name: it cannot be reopened")
    make = getattr(tf.raw_ops, op.type)
    return lambda: make(**attrs)


_names = iter(range(1, 2**62))


def unique_name(kind: str) -> str:
    """A ``shared_name`` for a kernel the bridge reopens by name (unique in the process)."""
    return f"tfdb_{kind}_{next(_names)}"


def iterator_op(get_next: Any) -> Any:
    """The one-shot iterator op a ``get_next`` tensor reads."""
    return get_next.op.inputs[0].op
