"""``compile(spec) -> tf.data.Dataset``: producers on Python threads feed a bounded channel, and a
``from_generator`` source takes whole chunks from it, so tf.data pays one Python call per chunk (a
batch, or every element that is ready) instead of one per element. Shuffling and re-batching happen in
tf.data's C++ ops, as the spec's plan says (``lowering.py``, ``plan/``)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from typing import Any

from tfdata_bridge._src.compiler.error_dataset import BridgeDataset
from tfdata_bridge._src.compiler.generator_source import from_generator
from tfdata_bridge._src.compiler.lowering import lower
from tfdata_bridge._src.plan import Plan, tfdata
from tfdata_bridge._src.runtime import chunk_crossing, iterations, process_hooks
from tfdata_bridge._src.runtime.channel import Channel, ChannelClosedError
from tfdata_bridge._src.runtime.elements import stack
from tfdata_bridge._src.runtime.process_workers import ProcessPool
from tfdata_bridge._src.runtime.workers import ProducerPool
from tfdata_bridge._src.spec.pipeline import PipelineSpec
from tfdata_bridge._src.spec.signature import Signature, numpy_dtype
from tfdata_bridge._src.tf import tf


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


def compile(spec: PipelineSpec) -> tf.data.Dataset:  # noqa: A001 - the public name is the verb
    """Lower a pipeline spec to a ``tf.data.Dataset``.

    Each iteration of the dataset starts the spec's producers afresh (on daemon threads) and stops
    them when the iteration ends or is abandoned. The element spec is the consumer's: batches have a
    static batch dimension when the last partial batch is dropped (``dequeue_many``).

    A producer's exception ends the iteration once the elements already buffered are delivered; a
    Python iterator of the dataset (or of a chain after it: ``.map``, ``.batch``, ...) raises the
    producer's own exception, with its traceback (``error_dataset.py``).
    """
    if not isinstance(spec, PipelineSpec):
        raise TypeError(f"compile() takes a PipelineSpec, got {type(spec).__name__}; build one with tfdata_bridge.pipeline(...)")
    plan = lower(spec)
    if spec.workers is not None and plan.transfer == "batches":
        # process workers' chunks hold whole batches: each batch crosses as it lies in shared memory, one
        # call each, with no unbatch (its copy was most of the consumer's CPU per byte; runtime/chunk_crossing.py)
        plan = dataclasses.replace(plan, crossing=dataclasses.replace(plan.crossing, transfer="batch"))
    signature = spec.queue.element_signature
    generator = _generator(spec, plan, signature)
    if plan.transfer == "batch":
        batch_dim = spec.consumer.batch_size if plan.drop_remainder else None
        out_sig = tensor_spec(signature, batch_dim)  # padded dims stay None: they vary by batch
    elif plan.transfer == "batches":  # (chunk, batch, ...): a chunk of whole batches
        batch_dim = spec.consumer.batch_size if plan.drop_remainder else None
        out_sig = tf.nest.map_structure(lambda s: tf.TensorSpec((None, *s.shape), s.dtype),
                                        tensor_spec(signature, batch_dim))
    elif plan.transfer == "chunk":
        out_sig = tensor_spec(signature, None)
    else:
        out_sig = tensor_spec(signature)
    # the plan's chain (the crossing's unbatch, shuffle, batch, prefetch), as explain prints it
    dataset = tfdata.apply(plan, from_generator(generator, output_signature=out_sig))
    out = BridgeDataset(dataset.with_options(_OPTIONS), generators=(generator,))
    process_hooks.install(out)  # Ctrl-C and the exit-time collection, while it lives
    return out


# No autotuning: its model thread sleeps between optimizations for twice as long each time (up to a
# minute), and destroying an iterator waits for that sleep to end. An iterator abandoned after a few
# seconds took seconds to destroy; 1,000 left in reference cycles (issue 9) piled up behind the reaper
# (hundreds of threads, +190 MiB) where without it each took milliseconds (+9 MiB). The pipeline has no
# AUTOTUNE parameter; throughput measured the same with and without (benchmarks/README.md).
_OPTIONS = tf.data.Options()
_OPTIONS.autotune.enabled = False


def start(spec: PipelineSpec, plan: Plan | None = None) -> ProducerPool | ProcessPool:
    """Create the channel for one run of ``spec`` and start its producers: on threads, or in
    ``spec.workers`` worker processes each (``runtime/process_workers.py``)."""
    plan = plan or lower(spec)
    queue = spec.queue
    kind = "priority" if queue.kind == "priority" else "fifo"
    channel = Channel(plan.channel_capacity, kind, name=queue.name or f"{queue.kind}_queue")
    if spec.workers is not None:
        chunk = plan.chunk_size
        whole = plan.transfer in ("batch", "batches") and queue.element_signature.fully_defined and not plan.padded
        chunked = (plan.transfer == "chunk" or whole) and kind == "fifo"
        if chunked:
            # whole chunks cross (runtime/chunk_crossing.py): the channel counts chunks, not elements, and a
            # worker's chunks hold whole consumer batches, which then cross without a copy
            if whole and chunk > spec.consumer.batch_size:
                chunk -= chunk % spec.consumer.batch_size
            channel = Channel(max(2, -(-plan.channel_capacity // chunk)), "fifo", name=channel.name)
        return ProcessPool(spec.producers, channel, queue.element_signature, workers=spec.workers,
                           chunk_elements=chunk, seed=queue.seed, chunked=chunked,
                           chunk_bytes=_chunk_bytes(spec) if chunked and whole else None,
                           unit=spec.consumer.batch_size if chunked and whole else 1).start()
    return ProducerPool(spec.producers, channel, queue.element_signature).start()


def _chunk_bytes(spec: PipelineSpec) -> int | None:
    """A worker's chunk holds at least one whole consumer batch (else each batch is joined from copies)."""
    signature = spec.queue.element_signature
    element = sum(numpy_dtype(d).itemsize * math.prod(signature.shape(i) or ())
                  for i, d in enumerate(signature.dtypes) if d != "string")
    return max(4 << 20, element * spec.consumer.batch_size)


def _generator(spec: PipelineSpec, plan: Plan, signature: Signature,
               pool_for: Callable[[], ProducerPool | ProcessPool] | None = None) -> Callable[[], Iterator[Any]]:
    """The generator function of ``spec``'s chunks: each call starts a run of the producers (or takes
    the one ``pool_for()`` gives) and yields its chunks until the channel ends."""
    np_dtypes = [numpy_dtype(d) for d in signature.dtypes]

    def chunks(pool: ProducerPool | ProcessPool) -> Iterator[Any]:
        # Every wait runs in short slices, so a Ctrl-C reaches a consumer blocked in tf.data.
        waits = process_hooks.Interruptible()
        channel = pool.channel
        if getattr(pool, "chunked", False):  # process workers' whole chunks (runtime/chunk_crossing.py)
            def take() -> list[Any]:
                return waits.wait(pool.take)

            if plan.transfer in ("batch", "batches"):
                parts = chunk_crossing.whole_batches(take, spec.consumer.batch_size, plan.drop_remainder,
                                                     lambda error: error is channel.failure,
                                                     one_each=plan.transfer == "batch")
            else:
                parts = chunk_crossing.chunks(take)
            for arrays in parts:
                yield structure(signature, arrays)
        elif plan.transfer == "batch":
            allow_smaller = not plan.drop_remainder
            while True:
                try:
                    items = waits.wait(lambda t: channel.get_many(plan.chunk_size, allow_smaller=allow_smaller, timeout=t))
                except ChannelClosedError:
                    return
                yield structure(signature, stack(items, np_dtypes, pad=plan.padded))
        elif plan.transfer == "batches":
            yield from whole_batches(channel, waits)
        elif plan.transfer == "chunk":
            while items := waits.wait(_lingering(channel, plan.chunk_size, plan.chunk_min)):
                yield structure(signature, stack(items, np_dtypes))
        else:
            while items := waits.wait(lambda t: channel.get_available(1, t)):
                yield structure(signature, list(items[0]))

    def whole_batches(channel: Channel, waits: process_hooks.Interruptible) -> Iterator[Any]:
        n = spec.consumer.batch_size
        held: list[Any] = []  # fewer than n elements taken from the channel: the next batch's start

        def chunk(items: list[Any], batch: int) -> Any:
            return structure(signature, [a.reshape((-1, batch) + a.shape[1:]) for a in stack(items, np_dtypes)])

        while True:
            try:
                items = waits.wait(_lingering(channel, plan.chunk_size, max(1, plan.chunk_min - len(held))))
            except BaseException as error:
                if held and not plan.drop_remainder and error is channel.failure:
                    yield chunk(held, len(held))  # the tail made before a producer failed, as dequeue_up_to
                raise
            if not items:
                break
            held += items
            whole = len(held) - len(held) % n
            if whole:
                yield chunk(held[:whole], n)
                held = held[whole:]
        if held and not plan.drop_remainder:
            yield chunk(held, len(held))

    def generate() -> Iterator[Any]:
        pool = pool_for() if pool_for is not None else start(spec, plan)
        owner = iterations.begin(generate, pool)  # dropping that iterator stops this run
        failed = False
        try:
            yield from chunks(pool)
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

    return generate


def _lingering(channel: Channel, size: int, minimum: int) -> Callable[[float], list[Any]]:
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
