"""``compile(spec) -> tf.data.Dataset``: producers on Python threads feed a bounded channel, and a
``from_generator`` source takes whole chunks from it, so tf.data pays one Python call per chunk (a
batch, or every element that is ready) instead of one per element. Shuffling and re-batching happen in
tf.data's C++ ops. See ``lowering.py`` for how each queue parameter maps."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tfdata_bridge._src.compiler.lowering import Lowering, lower
from tfdata_bridge._src.runtime.channel import Channel, ChannelClosedError
from tfdata_bridge._src.runtime.elements import stack
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
    """
    if not isinstance(spec, PipelineSpec):
        raise TypeError(f"compile() takes a PipelineSpec, got {type(spec).__name__}; build one with tfdata_bridge.pipeline(...)")
    plan = lower(spec)
    signature = spec.queue.element_signature
    generator = _generator(spec, plan, signature)
    if plan.transfer == "batch":
        batch_dim = spec.consumer.batch_size if plan.drop_remainder else None
        out_sig = tensor_spec(signature, batch_dim)  # padded dims stay None: they vary by batch
    elif plan.transfer == "chunk":
        out_sig = tensor_spec(signature, None)
    else:
        out_sig = tensor_spec(signature)
    dataset = tf.data.Dataset.from_generator(generator, output_signature=out_sig)
    if plan.transfer == "chunk":
        dataset = dataset.unbatch()
    if plan.shuffle_buffer is not None:
        dataset = dataset.shuffle(plan.shuffle_buffer, seed=spec.queue.seed)
    if plan.rebatch:
        dataset = dataset.batch(spec.consumer.batch_size, drop_remainder=plan.drop_remainder)
    if spec.prefetch:
        dataset = dataset.prefetch(spec.prefetch)
    return dataset


def start(spec: PipelineSpec, plan: Lowering | None = None) -> ProducerPool:
    """Create the channel for one run of ``spec`` and start its producers."""
    plan = plan or lower(spec)
    queue = spec.queue
    kind = "priority" if queue.kind == "priority" else "fifo"
    channel = Channel(plan.channel_capacity, kind, name=queue.name or f"{queue.kind}_queue")
    return ProducerPool(spec.producers, channel, queue.element_signature).start()


def _generator(spec: PipelineSpec, plan: Lowering, signature: Signature) -> Callable[[], Iterator[Any]]:
    np_dtypes = [numpy_dtype(d) for d in signature.dtypes]

    def chunks(channel: Channel) -> Iterator[Any]:
        if plan.transfer == "batch":
            allow_smaller = not plan.drop_remainder
            while True:
                try:
                    items = channel.get_many(plan.chunk_size, allow_smaller=allow_smaller)
                except ChannelClosedError:
                    return
                yield structure(signature, stack(items, np_dtypes, pad=plan.padded))
        elif plan.transfer == "chunk":
            while items := channel.get_available(plan.chunk_size, min_n=plan.chunk_min):
                yield structure(signature, stack(items, np_dtypes))
        else:
            while items := channel.get_available(1):
                yield structure(signature, list(items[0]))

    def generate() -> Iterator[Any]:
        pool = start(spec, plan)
        try:
            yield from chunks(pool.channel)
        finally:
            pool.stop()

    return generate
