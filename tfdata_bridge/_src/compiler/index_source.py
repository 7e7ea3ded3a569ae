"""The source of an index-producer spec (``Producer.indexed(fn, count)``, on threads): tf.data makes the
indices and calls ``fn(i)`` itself, so where the iterator stands is tf.data's state, and
``tf.train.Checkpoint(iterator=...)`` saves it and restores it mid-epoch in a new process (issue 19, item 4).

One producer whose elements have fully defined shapes makes its elements in runs of indices, one
``tf.numpy_function`` call per run (a call costs 60-300 us, twenty times a cheap ``fn(i)``: one call per index
ran at 0.08-0.13x the thread path's rate, ``benchmarks/cases/index_source.py``), and ``unbatch`` splits each
run's stacked rows:

- one thread: a ``scan`` whose state is the next index. A call makes indices from there until it has made
  ``CHUNK`` or spent ``BUDGET_S`` (a slow ``fn`` still delivers its first element after one call), and the
  state moves past what it made. Where ``fn(j)`` raises, the call returns the rows before ``j`` and the
  next step starts at ``j`` and raises that exception (kept here, so ``fn(j)`` is not called twice; after a
  restore in another process, ``fn(j)`` is called again): every element made before a failure arrives, in
  index order, as on the thread path. A step asked again after it raised ends the data.
- ``threads`` N > 1: ``range(0, count, run)`` mapped with N parallel calls (each run ``fn`` over
  ``run`` consecutive indices, at most ``CHUNK`` and at most an eighth of a thread's share, so the threads
  end together), unordered. A run that raises delivers none of its rows; the elements of the other runs
  made before it arrive.

Several producers take turns, an index each (``choose_from_datasets``), and elements whose shapes vary
cannot be stacked into runs: there ``fn`` is called once per index (``Dataset.range(count)`` mapped, the
producer's threads the map's parallel calls; one thread keeps index order).

What ``fn(i)`` returns is converted and checked as a channel's element is (``runtime/elements.py``), and its
exception reaches the consumer as the thread path's does (``runtime/failures.py``: the bridge iterator raises
the original). The function is declared stateless: element ``i`` is ``fn(i)``, whenever it is called, which is
the index producer's promise, so tf.data may save the position (a stateful one is refused: "PyFunc is
stateful"). The scan's state, the runs read ahead and the rows of a run not yet taken, the shuffle buffer
and the batch being built are saved with it.
"""

from __future__ import annotations

import collections
import threading
import time
import uuid
from typing import Any

import numpy as np

from tfdata_bridge._src.runtime import failures
from tfdata_bridge._src.runtime.crossing import structure
from tfdata_bridge._src.runtime.elements import ElementConverter, stack
from tfdata_bridge._src.spec.pipeline import PipelineSpec
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.signature import numpy_dtype
from tfdata_bridge._src.tf import plain, tf


def dataset(spec: PipelineSpec) -> tf.data.Dataset:
    """Every index producer's elements, as the queue would hold them (before its shuffle and batch)."""
    queue = spec.queue.name or f"{spec.queue.kind}_queue"
    producers = spec.producers
    if len(producers) == 1:
        if spec.queue.element_signature.fully_defined:
            return _runs(producers[0], spec, queue).unbatch()
        made = _made(producers[0], spec, queue, rows=producers[0].enqueue_many)
        return made.unbatch() if producers[0].enqueue_many else made
    # The producers take turns, one index each, each to its end (legacy's enqueue ops interleaved as they ran).
    # The turns are finite, the count of each producer's indices known: after a restore, tf.data's
    # choose_from_datasets over an endless selector does not see that every input has ended, and waits forever
    # (TensorFlow 2.21). Each index's value is a batch of rows (one row where it makes one element).
    counts = tf.constant([p.calls for p in producers], tf.int64)
    turns = tf.data.Dataset.range(max(p.calls for p in producers)).flat_map(
        plain(lambda j: tf.data.Dataset.from_tensor_slices(tf.where(counts > j)[:, 0])))
    made = [_made(p, spec, queue, rows=True) for p in producers]
    return tf.data.Dataset.choose_from_datasets(made, turns).unbatch()


def _call(producer: Producer, i: int) -> Any:
    """``fn(i)``; a ``StopIteration`` from it is an error (tf.data would take it for the end of the data, and
    index ``i`` and every one after it would be lost)."""
    try:
        return producer.fn(i)
    except StopIteration as stop:
        raise RuntimeError(f"index producer {producer.label!r} raised StopIteration for index {i}: an index "
                           f"producer makes element i for every i in range({producer.calls}); end the data with "
                           "the count instead") from stop


def _made(producer: Producer, spec: PipelineSpec, queue: str, rows: bool) -> tf.data.Dataset:
    """``fn(i)`` for each index, in turn or (threads) as made; with ``rows``, each a batch of rows."""
    signature = spec.queue.element_signature
    converter = ElementConverter(signature, producer.label)
    np_dtypes = [numpy_dtype(d) for d in signature.dtypes]
    dtypes = [tf.dtypes.as_dtype(d) for d in signature.dtypes]
    many = producer.enqueue_many

    def make(index: np.int64) -> list[np.ndarray]:
        i = int(index)
        try:
            value = _call(producer, i)
            if many:
                made = converter.many(value, i)
                if not made:
                    return [np.zeros((0, *(signature.shape(c) or ())), dt) for c, dt in enumerate(np_dtypes)]
                return stack(made, np_dtypes, pad=False)
            element = converter.one(value, i)
            return [np.expand_dims(c, 0) for c in element] if rows else list(element)
        except BaseException as error:  # noqa: BLE001 - it reaches the consumer, claimed back by its iterator
            raise failures.mark(error, producer=producer.label, thread=threading.current_thread().name,
                                queue=queue) from None

    shapes = _component_shapes(signature, rows)

    def call(index: Any) -> Any:
        values = tf.numpy_function(make, [index], dtypes, stateful=False, name="index_producer")
        for value, shape in zip(values, shapes):
            value.set_shape(shape)
        return structure(signature, list(values))

    indices = tf.data.Dataset.range(producer.calls)
    if producer.threads == 1:
        made = indices.map(plain(call))
    else:
        made = indices.map(plain(call), num_parallel_calls=producer.threads, deterministic=False)
    return made


def _component_shapes(signature: Any, rows: bool) -> list[Any]:
    """Each component's static shape, in the signature's order (the order ``numpy_function`` returns them; a
    flattened dict structure would sort them by name), with a leading dimension of rows where ``rows``."""
    return [tf.TensorShape(None) if s is None else tf.TensorShape(((None,) if rows else ()) + tuple(s))
            for s in (signature.shape(c) for c in range(len(signature.dtypes)))]


# -- runs of indices per call ------------------------------------------------------------------------------------
CHUNK = 64  # indices per call at most
BUDGET_S = 0.005  # one thread: a call stops adding indices after this long (a slow fn(i) delivers sooner)
KEEP = 32  # failures kept for the step that raises them (a consumer that stops before it leaves them here)

_pending_lock = threading.Lock()
_pending: collections.OrderedDict[bytes, BaseException] = collections.OrderedDict()
_raised: collections.OrderedDict[bytes, None] = collections.OrderedDict()  # tokens whose failure was raised


def _keep(error: BaseException) -> bytes:
    """Keep ``error`` for the next step of its scan; the token the step is handed (unique across processes: a
    checkpoint restored elsewhere carries it, and must not find another failure there)."""
    token = uuid.uuid4().hex.encode()
    with _pending_lock:
        _pending[token] = error
        while len(_pending) > KEEP:
            _pending.popitem(last=False)
    return token


def _take(token: bytes) -> tuple[BaseException | None, bool]:
    """The failure kept under ``token`` (now counted as raised), and whether it was raised before."""
    with _pending_lock:
        error = _pending.pop(token, None)
        before = token in _raised
        if error is not None:
            _raised[token] = None
            while len(_raised) > KEEP:
                _raised.popitem(last=False)
        return error, before


def run_length(count: int, threads: int) -> int:
    """Indices per call with ``threads`` > 1: ``CHUNK``, at most an eighth of a thread's share (at least 1)."""
    return max(1, min(CHUNK, count // (8 * threads)))


def _runs(producer: Producer, spec: PipelineSpec, queue: str) -> tf.data.Dataset:
    """``fn`` over runs of consecutive indices, each run a batch of rows (``unbatch`` splits them)."""
    signature = spec.queue.element_signature
    converter = ElementConverter(signature, producer.label)
    np_dtypes = [numpy_dtype(d) for d in signature.dtypes]
    dtypes = [tf.dtypes.as_dtype(d) for d in signature.dtypes]
    count, many = producer.calls, producer.enqueue_many
    assert isinstance(count, int)

    def element(i: int) -> list[Any]:
        value = _call(producer, i)
        return converter.many(value, i) if many else [converter.one(value, i)]

    def rows(made: list[Any]) -> list[np.ndarray]:
        if not made:
            return [np.zeros((0, *(signature.shape(c) or ())), dt) for c, dt in enumerate(np_dtypes)]
        return stack(made, np_dtypes, pad=False)

    def marked(error: BaseException) -> BaseException:
        return failures.mark(error, producer=producer.label, thread=threading.current_thread().name, queue=queue)

    def step(start: np.int64, token: bytes) -> list[Any]:
        """One thread: indices from ``start`` until ``CHUNK`` or ``BUDGET_S``; the rows, then the next state.

        A failure at ``j`` is not raised here but kept, and the state moves to ``(j, token)``: the next step
        raises it. tf.data calls a step that raised again with the same state (a prefetch reads on after an
        error): that call ends the data (state ``count``) instead of calling ``fn(j)`` again. Where the token is
        unknown (a checkpoint restored in another process), ``fn(j)`` is called again."""
        i = int(start)
        if token:
            kept, raised = _take(bytes(token))
            if kept is not None:
                raise marked(kept) from None
            if raised:
                return [*rows([]), np.int64(count), b""]
        made: list[Any] = []
        began = time.perf_counter()
        end = min(count, i + CHUNK)
        while i < end:
            try:
                made += element(i)
            except BaseException as error:  # noqa: BLE001 - it reaches the consumer after the rows before it
                return [*rows(made), np.int64(i), _keep(error)]
            i += 1
            if time.perf_counter() - began >= BUDGET_S:
                break
        return [*rows(made), np.int64(i), b""]

    def run(start: np.int64) -> list[np.ndarray]:
        """Threads: the run of ``run_length`` indices from ``start``, all of it or its exception."""
        made: list[Any] = []
        for i in range(int(start), min(count, int(start) + length)):
            try:
                made += element(i)
            except BaseException as error:  # noqa: BLE001 - it reaches the consumer, claimed back by its iterator
                raise marked(error) from None
        return rows(made)

    shapes = _component_shapes(signature, rows=True)

    def shaped(values: Any) -> Any:
        for value, shape in zip(values, shapes):
            value.set_shape(shape)
        return structure(signature, list(values))

    if producer.threads == 1:
        def scan(state: Any, _: Any) -> Any:
            start, token = state
            *values, after, kept = tf.numpy_function(step, [start, token], [*dtypes, tf.int64, tf.string],
                                                     stateful=False, name="index_producer")
            after.set_shape([])
            kept.set_shape([])
            return (after, kept), (start, shaped(values))

        # each step makes at least one index, or keeps a failure (the next step raises it): the end is reached
        # before 2 * count + 2 steps
        steps = tf.data.Dataset.range(2 * count + 2).scan((tf.constant(0, tf.int64), tf.constant(b"")), plain(scan))
        return steps.take_while(plain(lambda start, _: start < count)).map(plain(lambda _, values: values))
    length = run_length(count, producer.threads)

    def call(start: Any) -> Any:
        return shaped(tf.numpy_function(run, [start], dtypes, stateful=False, name="index_producer"))

    return tf.data.Dataset.range(0, count, length).map(plain(call), num_parallel_calls=producer.threads,
                                                        deterministic=False)
