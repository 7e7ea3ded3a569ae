"""The drop-in's ``train.batch`` over Python producers, in graph mode: the batches of a batched FIFO spec,
one per Python call, whose producers start before the first batch is asked for, and whose runs belong to
the session that began them. The batches cross into tf.data through the one crossing
(``runtime/crossing.py``: an ``Owned`` source, a whole batch a call, by ``numpy_function`` calls); what is
here is the drop-in's part: when production starts, and which session's close stops which run.

- **Whole batches, within capacity.** The channel holds the queue's whole ``capacity`` (see
  ``compat/graph_batch._python_batches``); a Python call takes one batch out of it, which is legacy's
  batch in flight, so nothing waits in tf.data beyond that capacity. The batches are ``compile(spec)``'s:
  in queue order, the tail made before a producer's failure delivered as ``dequeue_up_to`` delivers it.
- **Production starts when legacy starts it.** ``start()`` (``start_queue_runners``, through
  ``compat/pipelines.started``) starts the producers; the first iteration takes them.
- **No ``from_generator``.** Constructing TensorFlow's ``GeneratorDataset`` kernel calls
  ``mallopt(M_MMAP_THRESHOLD, 128 KiB)`` (``tensorflow::data::ApplyPython311MemoryPatch``; seen with an
  ``LD_PRELOAD`` shim on TensorFlow 2.21). That fixes the process's mmap threshold: from then on every
  allocation of 128 KiB or more is a fresh ``mmap`` and a ``munmap``. A producer making a 541 KB numpy
  array per call then faults 132 pages a call; four such threads made 1,623 elements/s against 1,997 before
  the first ``from_generator`` ran, and legacy TensorFlow, which has no ``from_generator``, never pays it.
  So an iteration begins with a ``numpy_function`` that makes it a key, and each batch comes from a
  ``numpy_function`` taking the next one by that key (``crossing.by_calls``) (about 150 µs a call, where ``from_generator``'s
  tensor conversion took about 230).
- **Runs end with their session.** ``from_generator`` finalized a run when TensorFlow destroyed its
  iterator; here ``stop(owner)`` stops the runs that ``owner`` (a session, through
  ``compat/pipelines.closed``) began: a run's owner is the session whose ``sess.run`` was in progress,
  alone, when the run began. A run whose owner is not known, and any left, stop with the graph.
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tfdata_bridge._src.compiler import dataset as compiled
from tfdata_bridge._src.compiler.error_dataset import BridgeDataset
from tfdata_bridge._src.compiler.lowering import lower
from tfdata_bridge._src.runtime import crossing, process_hooks
from tfdata_bridge._src.spec.pipeline import PipelineSpec
from tfdata_bridge._src.tf import tf

if TYPE_CHECKING:  # (loaded by compiled.start, at a run's start: see compiler/dataset.py)
    from tfdata_bridge._src.runtime.workers import ProducerPool

ALL = object()  # stop(owner=ALL): every run, whoever began it


@dataclasses.dataclass
class _Run:
    batches: Iterator[Sequence[np.ndarray]]
    owner: int | None  # id() of the session that began it: a reference would keep the session alive
    pool: ProducerPool | None = None


class StartedBatches:
    """One drop-in ``train.batch``'s batches (``dataset()``) and its producers' runs.

    ``owner_now`` tells a run's owner when it begins (None where not known)."""

    def __init__(self, spec: PipelineSpec, owner_now: Callable[[], Any] = lambda: None) -> None:
        plan = lower(spec)
        if plan.transfer != "batches":
            raise ValueError("StartedBatches takes a batched FIFO spec with known shapes "
                             f"(its transfer is {plan.transfer!r})")
        self._spec = spec
        self._plan = dataclasses.replace(  # one batch a call
            plan, crossing=dataclasses.replace(plan.crossing, chunk_size=spec.consumer.batch_size))
        self._owner_now = owner_now
        self._lock = threading.Lock()
        self._early: ProducerPool | None = None  # started, not yet taken by a run
        self._taken = False  # the first run took (or started) its producers: start() does nothing more
        self._runs: dict[int, _Run] = {}
        self._out_dtypes: list[Any] = []
        self._keys = itertools.count()
        # one batch a call: (1, batch, ...), the short tail (1, k, ...) where allowed
        self._chunks = crossing.run_iterator(crossing.Owned(self._pool_for), compiled.policy(spec, self._plan),
                                             spec.queue.element_signature)

    # -- the producers
    def start(self) -> None:
        """Start the producers of the first run now (``start_queue_runners``)."""
        with self._lock:
            if not self._taken and self._early is None:
                self._early = compiled.start(self._spec, self._plan)

    def stop(self, owner: Any = ALL, join: bool = True) -> None:
        """Stop the producers nobody took, and those of the runs ``owner`` began (every run: ``ALL``)."""
        with self._lock:
            pools = [self._early] if self._early is not None else []
            self._early, self._taken = None, True
            for key, run in list(self._runs.items()):
                if owner is ALL or run.owner == id(owner):
                    if run.pool is not None:
                        pools.append(run.pool)
                    del self._runs[key]  # a take() still waiting on it ends when its channel closes
        for pool in pools:
            pool.stop(join=join)

    def _pool_for(self) -> ProducerPool:
        """The producers of the run beginning on this thread: the early ones, or a new start."""
        with self._lock:
            pool, self._early, self._taken = self._early, None, True
        pool = pool or compiled.start(self._spec, self._plan)
        run = _beginning.run
        if run is not None:
            run.pool = pool
        return pool

    # -- the dataset
    def dataset(self) -> tf.data.Dataset:
        spec = self._spec
        out = compiled.tensor_spec(spec.queue.element_signature, compiled.policy(spec, self._plan).static_batch)
        self._out_dtypes = [s.dtype for s in tf.nest.flatten(out)]
        process_hooks.install(self)
        return BridgeDataset(crossing.by_calls(self._begin, self._take, out).with_options(compiled._OPTIONS))

    def _begin(self) -> np.int64:
        key = next(self._keys)
        with self._lock:
            owner = self._owner_now()
            self._runs[key] = _Run(self._batches(), None if owner is None else id(owner))
        return np.int64(key)

    def _batches(self) -> Iterator[Sequence[np.ndarray]]:
        chunks = self._chunks()
        try:
            for chunk in chunks:  # (1, batch, ...): one batch per chunk
                yield [a[0] for a in chunk]
        finally:
            chunks.close()

    def _take(self, key: Any) -> list[Any]:
        key = int(key)
        with self._lock:
            run = self._runs.get(key)
        if run is None:  # stopped
            raise StopIteration
        _beginning.run = run  # (the run's first batch starts its producers: _pool_for)
        try:
            value = next(run.batches)
        except BaseException:  # StopIteration ends the run's batches (OutOfRangeError); an error, the run
            with self._lock:
                self._runs.pop(key, None)
            raise
        finally:
            _beginning.run = None
        return [np.asarray(v, dtype=d.as_numpy_dtype) for v, d in zip(value, self._out_dtypes)]


class _Beginning(threading.local):
    run: _Run | None = None


_beginning = _Beginning()
