"""The one crossing from Python into tf.data: a channel's elements, taken a chunk at a time, as a dataset.

Every Python source of the bridge hands tf.data its elements here: ``compile(spec)``'s producers
(``compiler/dataset.py``), an eager queue's ``as_dataset()`` (``queues/dataset.py``) and the drop-in's
Python producers (``compat/started_batches.py``). tf.data pays one Python call per chunk, never one per
element. What differs between them is a parameter, not a copy:

- **the chunk policy** (``Policy``, from the plan's ``Crossing``: ``Policy.of``): whole consumer batches
  (``batch``, taken as ``dequeue_many`` / ``dequeue_up_to`` takes them, padded for a padding queue), several
  whole batches per call (``batches``), a stack of the ready elements (``chunk``; elements of varying shapes
  cross in runs of one shape) or one element a call (``element``). The sizes are decided in ``plan/``.
- **who owns the channel** (``Owned`` / ``Shared``): an owned source starts its producers for each
  iteration and stops them when it ends (a failure: at once, without waiting for the others; an iterator
  dropped mid-run: ``iterations``; a Ctrl-C ends the iteration quietly, so the consumer sees its own
  ``KeyboardInterrupt``). A shared channel (a queue the program also dequeues from) outlives iterations.
- **what is given back** (``give_back``): an iteration of a shared channel that stops early puts the
  elements of its last chunk that never reached the consumer back at the front, in order (a variable,
  written after ``unbatch`` in C++, records the last that passed); tf.data's read-ahead is off for it.
- **how tf.data calls Python**: ``from_generator`` (``dataset``; ``generator_source``: without its eager
  leak), or ``numpy_function`` calls keyed by run (``by_calls``), for a source that must not construct
  TensorFlow's ``GeneratorDataset`` kernel (``compat/started_batches.py`` says why).

End of data is the channel's: closed and drained (a ``dequeue_many``-style batch: ``ChannelClosedError``
with fewer than a batch left). A producer failure (``Channel.fail``) is raised after what was made before
it, the short tail included where the consumer allows a smaller final batch, as ``dequeue_up_to`` gives
it; on its way into tf.data it becomes what ``failures.crossing`` says. Every wait runs in short slices
(``process_hooks.Interruptible``), so a Ctrl-C reaches a consumer blocked in tf.data.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, Union

import numpy as np

from tfdata_bridge._src.runtime import chunk_crossing, iterations, process_hooks
from tfdata_bridge._src.runtime.channel import Channel, ChannelClosedError
from tfdata_bridge._src.runtime.elements import Element, stack
from tfdata_bridge._src.runtime.generator_source import crossing as failures_crossed
from tfdata_bridge._src.runtime.generator_source import from_generator
from tfdata_bridge._src.spec.signature import Signature, numpy_dtype
from tfdata_bridge._src.tf import plain, tf


# -- the chunk policy ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Policy:
    """How one crossing takes from its channel (the sizes: ``plan/``).

    ``chunk_size``: the most elements a call takes (``batch``: the batch size); ``chunk_min``: how many a
    chunk waits for in its first wait slice (then it takes any: a slow producer's elements cross within
    about one of its calls); ``batch_size`` and ``drop_remainder``: the consumer's batch (``batch``,
    ``batches``); ``padded``: a padding queue's batches."""

    transfer: str  # "batch" | "batches" | "chunk" | "element"
    chunk_size: int = 1
    chunk_min: int = 1
    batch_size: int = 0
    drop_remainder: bool = False
    padded: bool = False

    def __post_init__(self) -> None:
        if self.transfer not in ("batch", "batches", "chunk", "element"):
            raise ValueError(f"transfer ({self.transfer!r}) must be 'batch', 'batches', 'chunk' or 'element'")
        if self.transfer in ("batch", "batches") and self.batch_size < 1:
            raise ValueError(f"a {self.transfer!r} crossing needs the consumer's batch_size (got {self.batch_size})")

    @classmethod
    def of(cls, plan: Any, batch_size: int = 0) -> Policy:
        """The policy of a plan's ``Crossing`` (``plan.model.Plan``) for a consumer batching ``batch_size``."""
        return cls(plan.transfer, plan.chunk_size, plan.chunk_min, batch_size, plan.drop_remainder, plan.padded)

    @property
    def static_batch(self) -> int | None:
        """The batch dimension a batch has in the element spec: known where a short batch never crosses."""
        return self.batch_size if self.drop_remainder else None


def output_signature(signature: Signature, policy: Policy) -> Any:
    """The ``tf.TensorSpec`` structure of what one call hands over under ``policy``."""
    if policy.transfer == "batch":
        return tensor_spec(signature, policy.static_batch)  # padded dims stay None: they vary by batch
    if policy.transfer == "batches":  # (k, batch, ...): a chunk of whole batches
        return tf.nest.map_structure(lambda s: tf.TensorSpec((None, *s.shape), s.dtype),
                                     tensor_spec(signature, policy.static_batch))
    if policy.transfer == "chunk":
        return tensor_spec(signature, None)
    return tensor_spec(signature)


def tensor_spec(signature: Signature, batch_dim: Any = ()) -> Any:
    """The ``tf.TensorSpec`` structure of a signature, optionally with a leading batch dimension."""
    prefix = () if batch_dim == () else (batch_dim,)
    specs = []
    for i, dtype in enumerate(signature.dtypes):
        shape = signature.shape(i)
        specs.append(tf.TensorSpec(shape=None if shape is None else prefix + tuple(shape), dtype=tf.dtypes.as_dtype(dtype)))
    return structure(signature, specs)


def structure(signature: Signature, components: list[Any]) -> Any:
    """Arrange flat components as the signature's element: a dict, a bare value, or a tuple."""
    if signature.names is not None:
        return dict(zip(signature.names, components))
    if signature.single:
        return components[0]
    return tuple(components)


# -- who owns the channel -----------------------------------------------------------------------------------------
class Run(Protocol):
    """One run of an owned source's producers (``workers.ProducerPool``, ``process_workers.ProcessPool``)."""

    channel: Channel

    def stop(self, join: bool = True) -> None: ...


@dataclass(frozen=True)
class Owned:
    """Each iteration starts a run (``start()``) and stops it when the iteration ends."""

    start: Callable[[], Run]


@dataclass(frozen=True)
class Shared:
    """A channel that outlives iterations (a queue): nothing is started or stopped here."""

    channel: Channel


Source = Union[Owned, Shared]


# -- taking chunks ---------------------------------------------------------------------------------------------
def parts(channel: Channel, policy: Policy, signature: Signature, waits: process_hooks.Interruptible,
          chunked: Callable[[float], list[Any]] | None = None) -> Iterator[list[np.ndarray]]:
    """The flat component arrays of each call, in channel order, until the channel ends. ``chunked``: the
    channel's entries are process workers' whole chunks (``chunk_crossing``), crossing without a copy, and
    this is the pool's wait for them (``ProcessPool.take``)."""
    if chunked is not None:
        def take() -> list[Any]:
            return waits.wait(chunked)

        if policy.transfer in ("batch", "batches"):  # (batch: each batch as it lies, one per call)
            yield from chunk_crossing.whole_batches(take, policy.batch_size, policy.drop_remainder,
                                                    lambda error: error is channel.failure,
                                                    one_each=policy.transfer == "batch")
        else:
            yield from chunk_crossing.chunks(take)
        return
    np_dtypes = [numpy_dtype(d) for d in signature.dtypes]
    if policy.transfer == "batch":
        allow_smaller = not policy.drop_remainder
        while True:
            try:
                items = waits.wait(lambda t: channel.get_many(policy.chunk_size, allow_smaller=allow_smaller,
                                                              timeout=t))
            except ChannelClosedError:
                return
            yield stack(items, np_dtypes, pad=policy.padded)
    elif policy.transfer == "batches":
        yield from _whole_batches(channel, policy, np_dtypes, waits)
    elif policy.transfer == "chunk":
        uniform = signature.fully_defined
        while items := waits.wait(lingering(channel, policy.chunk_size, policy.chunk_min)):
            for run in same_shape_runs(items, uniform):
                yield stack(run, np_dtypes)
    else:
        while items := waits.wait(lambda t: channel.get_available(1, t)):
            yield list(items[0])


def _whole_batches(channel: Channel, policy: Policy, np_dtypes: list[np.dtype],
                   waits: process_hooks.Interruptible) -> Iterator[list[np.ndarray]]:
    n = policy.batch_size
    held: list[Any] = []  # fewer than n elements taken from the channel: the next batch's start

    def chunk(items: list[Any], batch: int) -> list[np.ndarray]:
        # (the count of batches given: numpy cannot infer a -1 where an element holds no value, shape (2, 0))
        return [a.reshape((len(items) // batch, batch) + a.shape[1:]) for a in stack(items, np_dtypes)]

    while True:
        try:
            items = waits.wait(lingering(channel, policy.chunk_size, max(1, policy.chunk_min - len(held))))
        except BaseException as error:
            if held and not policy.drop_remainder and error is channel.failure:
                yield chunk(held, len(held))  # the tail made before a producer failed, as dequeue_up_to
            raise
        if not items:
            break
        held += items
        whole = len(held) - len(held) % n
        if whole:
            yield chunk(held[:whole], n)
            held = held[whole:]
    if held and not policy.drop_remainder:
        yield chunk(held, len(held))


def lingering(channel: Channel, size: int, minimum: int) -> Callable[[float], list[Any]]:
    """A chunk wait for ``process_hooks.Interruptible.wait``: up to ``size`` elements once ``minimum`` are
    ready, or, after the first slice, once any are. A slow producer then hands over what it made
    within about one of its calls (so an abandoned iteration, which tf.data lets finish the read in
    progress, ends that soon); a fast one still fills whole chunks."""
    need = [minimum]

    def take(timeout: float) -> list[Any]:
        try:
            return channel.get_available(size, timeout, min_n=need[0])
        except TimeoutError:
            need[0] = 1
            raise

    return take


def same_shape_runs(items: list[Element], uniform: bool) -> list[list[Element]]:
    """``items`` (in order) in runs whose components have the same shapes, so each stacks (``uniform``: the
    signature fixes every shape, one run)."""
    if uniform:
        return [items]
    runs: list[list[Element]] = []
    last = None
    for item in items:
        key = tuple(np.shape(c) for c in item)
        if key != last:
            runs.append([])
            last = key
        runs[-1].append(item)
    return runs


# -- one iteration ---------------------------------------------------------------------------------------------
def generator(source: Source, policy: Policy, signature: Signature) -> Callable[[], Iterator[Any]]:
    """The generator function of the crossing: each call is one iteration, yielding the signature's
    structure of each call's arrays (``Owned``: over a run of its own)."""
    if isinstance(source, Shared):
        def shared() -> Iterator[Any]:
            waits = process_hooks.Interruptible()
            for arrays in parts(source.channel, policy, signature, waits):
                yield structure(signature, arrays)

        return shared

    def owned() -> Iterator[Any]:
        pool = source.start()
        owner = iterations.begin(owned, pool)  # dropping that iterator stops this run
        failed = False
        try:
            waits = process_hooks.Interruptible()
            chunked = pool.take if getattr(pool, "chunked", False) else None  # process workers' whole chunks
            for arrays in parts(pool.channel, policy, signature, waits, chunked):
                yield structure(signature, arrays)
        except GeneratorExit:
            raise
        except KeyboardInterrupt:
            # A Ctrl-C seen while waiting (process_hooks.Interruptible): end quietly, so TensorFlow
            # returns without an error status and the main thread's own pending KeyboardInterrupt is
            # what the consumer sees, also inside a tf.function or Keras fit (an error status there
            # comes out as pybind11's "REPLACED BY KeyboardInterrupt" RuntimeError).
            return
        except BaseException:
            failed = True  # a producer's failure: deliver it now, without waiting for the others
            raise
        finally:
            # Workers in the middle of a producer call end when that call returns; after a failure
            # they are not waited for, so the error reaches the consumer at once.
            abandoned = iterations.end(owner, pool)
            pool.stop(join=not failed and not abandoned)

    return owned


class Crossed(NamedTuple):
    """A crossing's dataset, and its generator function (``iterations``: what a Python iterator over the
    dataset, or over a chain after it, stops when it goes)."""

    dataset: tf.data.Dataset
    generator: Callable[[], Iterator[Any]]


def dataset(source: Source, policy: Policy, signature: Signature, *, give_back: bool = False) -> Crossed:
    """The elements of ``source`` as tf.data takes them under ``policy``, through ``from_generator``.

    ``give_back`` (a ``Shared`` channel, a ``chunk`` policy): the dataset's elements are single elements
    (split by ``unbatch``) and an iteration that stops early gives back what it took and did not deliver;
    tf.data's read-ahead is off (it would take elements the consumer may never ask for)."""
    if give_back:
        if not isinstance(source, Shared) or policy.transfer != "chunk":
            raise ValueError("give_back takes a Shared channel crossing in chunks "
                             f"(got {type(source).__name__}, transfer {policy.transfer!r})")
        return _given_back(source.channel, policy, signature)
    generate = generator(source, policy, signature)
    return Crossed(from_generator(generate, output_signature=output_signature(signature, policy)), generate)


def no_read_ahead(dataset: tf.data.Dataset) -> tf.data.Dataset:
    """Turn off the prefetch tf.data injects after the last transformation: it would take elements out
    of a shared channel that the consumer may never ask for (and that could not go back)."""
    options = tf.data.Options()
    options.experimental_optimization.inject_prefetch = False
    return dataset.with_options(options)


def _given_back(channel: Channel, policy: Policy, signature: Signature) -> Crossed:
    np_dtypes = [numpy_dtype(d) for d in signature.dtypes]
    uniform = signature.fully_defined
    numbers = itertools.count()  # sequence numbers of the elements handed to tf.data, all iterations
    with tf.init_scope():  # eager, also when the dataset is made while a tf.function is traced
        passed = tf.Variable(-1, dtype=tf.int64, trainable=False)  # the last number that left unbatch()

    def generate() -> Iterator[Any]:
        waits = process_hooks.Interruptible()  # a Ctrl-C reaches a consumer blocked in tf.data
        handed: list[tuple[int, Element]] = []  # the last chunk: all before it has passed
        try:
            while items := waits.wait(lingering(channel, policy.chunk_size, policy.chunk_min)):
                handed = [(next(numbers), item) for item in items]
                start = 0
                for run in same_shape_runs(items, uniform):
                    ids = np.fromiter((i for i, _ in handed[start:start + len(run)]), np.int64, len(run))
                    start += len(run)
                    yield ids, structure(signature, stack(run, np_dtypes))
                handed = []
        finally:
            if handed:
                last = int(passed.numpy())
                channel.give_back([item for i, item in handed if i > last])

    def record(ids: Any, element: Any) -> Any:
        with tf.control_dependencies([passed.assign(ids)]):
            return tf.nest.map_structure(tf.identity, element)

    spec = (tf.TensorSpec([None], tf.int64), output_signature(signature, policy))
    chunks = from_generator(generate, output_signature=spec)
    return Crossed(no_read_ahead(chunks.unbatch().map(plain(record))), generate)


def by_calls(begin: Callable[[], np.int64], take: Callable[[Any], list[np.ndarray]], out_spec: Any) -> tf.data.Dataset:
    """A dataset whose iteration begins with one ``numpy_function`` call, ``begin()`` (a run's key), and
    whose elements are ``take(key)``'s, one call each, until ``take`` raises ``StopIteration`` (the end of
    the run; an error: the run's error). No ``from_generator``: see ``compat/started_batches.py``."""
    specs = tf.nest.flatten(out_spec)
    dtypes = [s.dtype for s in specs]

    def element(key: Any) -> Any:
        values = tf.numpy_function(take, [key], dtypes, stateful=True, name="batch_from_channel")
        return tf.nest.pack_sequence_as(out_spec, [tf.ensure_shape(v, s.shape) for v, s in zip(values, specs)])

    v1 = tf.compat.v1.data.Dataset

    def run(_: Any) -> Any:  # one per iteration: its key, for every call of the iteration
        key = tf.numpy_function(begin, [], tf.int64, stateful=True, name="begin_run")
        key.set_shape([])
        return v1.from_tensors(key).repeat()

    # two functions, neither inside the other (the key made in the flat_map's function, the calls mapped
    # after it): a map making the key and a flat_map holding the calls' map were three, the inner one
    # instantiated again by each iteration's inner dataset. v1's map (preserve_cardinality=False) takes the
    # function's OutOfRangeError as the end of the run's batches, where v2's turns it into an
    # InvalidArgumentError
    return v1.from_tensors(np.int64(0)).flat_map(plain(run)).map(plain(element))


def run_iterator(source: Owned, policy: Policy, signature: Signature) -> Callable[[], Iterator[Sequence[np.ndarray]]]:
    """The iterations of an owned source as plain Python iterators of flat arrays (for ``by_calls``), its
    producer failures raised as they cross into tf.data (``failures.crossing``)."""
    generate = failures_crossed(generator(source, policy, signature))

    def flat() -> Iterator[Sequence[np.ndarray]]:
        chunks = generate()
        try:
            for chunk in chunks:
                yield tf.nest.flatten(chunk)
        finally:
            chunks.close()

    return flat
