"""``compile(spec) -> tf.data.Dataset``: producers on Python threads (or in worker processes) feed a
bounded channel, and the one crossing into tf.data (``runtime/crossing.py``) takes whole chunks from it, so
tf.data pays one Python call per chunk (a batch, or every element that is ready) instead of one per
element. Shuffling and re-batching happen in tf.data's C++ ops, as the spec's plan says (``lowering.py``,
``plan/``)."""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from tfdata_bridge._src.compiler import index_source
from tfdata_bridge._src.compiler.error_dataset import BridgeDataset
from tfdata_bridge._src.compiler.lowering import lower
from tfdata_bridge._src.plan import Plan, tfdata
from tfdata_bridge._src.runtime import crossing, process_hooks
from tfdata_bridge._src.runtime.channel import Channel
from tfdata_bridge._src.runtime.crossing import structure, tensor_spec  # noqa: F401 - re-exported
from tfdata_bridge._src.spec.pipeline import PipelineSpec
from tfdata_bridge._src.spec.signature import numpy_dtype
from tfdata_bridge._src.tf import tf

if TYPE_CHECKING:  # (imported where a run starts: a program whose pipelines run no Python code never loads them)
    from tfdata_bridge._src.runtime.process_workers import ProcessPool
    from tfdata_bridge._src.runtime.workers import ProducerPool


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
    if plan.source.kind == "index":  # tf.data calls the index producers itself: a position it can save
        out = BridgeDataset(tfdata.apply(plan, index_source.dataset(spec)).with_options(_OPTIONS))
        process_hooks.install(out)
        return out
    if spec.workers is not None and plan.transfer == "batches":
        # process workers' chunks hold whole batches: each batch crosses as it lies in shared memory, one
        # call each, with no unbatch (its copy was most of the consumer's CPU per byte; runtime/chunk_crossing.py)
        plan = dataclasses.replace(plan, crossing=dataclasses.replace(plan.crossing, transfer="batch"))
    crossed = crossing.dataset(crossing.Owned(lambda: start(spec, plan)), policy(spec, plan),
                               spec.queue.element_signature)
    # the plan's chain (the crossing's unbatch, shuffle, batch, prefetch), as explain prints it
    dataset = tfdata.apply(plan, crossed.dataset)
    out = BridgeDataset(dataset.with_options(_OPTIONS), generators=(crossed.generator,))
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
    # the producers' runtime (threads, worker processes, shared memory: 15-20 ms of imports) is loaded here, at the
    # first start, not when the drop-in is imported: a file pipeline never starts one (issue 16)
    from tfdata_bridge._src.runtime.process_workers import ProcessPool
    from tfdata_bridge._src.runtime.workers import ProducerPool

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


def policy(spec: PipelineSpec, plan: Plan) -> crossing.Policy:
    """How ``spec``'s elements cross into tf.data: its plan's crossing, for its consumer's batch."""
    return crossing.Policy.of(plan, spec.consumer.batch_size if spec.consumer.batched else 0)
