"""The builders of a plan, one per legacy API family: a producer spec (``compile``, ``explain``) and a call of
the ``train.batch`` family (the drop-in's graph analysis, ``migrate``'s recognizer, ``symbols``' generic
chains). Every decision is made here, once, with its reason. No TensorFlow import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tfdata_bridge._src.plan.capacity import CHUNK_LIMIT, shuffle_split
from tfdata_bridge._src.plan.model import Autotune, Batch, Code, Crossing, Fn, Plan, Shuffle, Source, SourceKind, Value
from tfdata_bridge._src.spec.pipeline import PipelineSpec

SHUFFLE_WHY = ("legacy's shuffle queue fills towards capacity whenever the producers are ahead and mixes across all "
               "it holds; min_after_dequeue only held back its first dequeue")
CHANNEL_WHY = "of capacity={capacity}, the producers' channel holds {channel} ({how}) and the shuffle buffer the rest"
DROP_WHY = "dequeue_many drops a short last batch; dequeue_up_to (allow_smaller_final_batch) keeps it"
PAD_WHY = "a PaddingFIFOQueue / dynamic_pad pads each batch to its longest element"
PER_BATCH_WHY = ("the ops after the read are pure and have batched forms: running them once per batch gives the "
                 "same values (parse_single_example -> parse_example)")


def _drop(allow_smaller_final_batch: Value) -> Value:
    if isinstance(allow_smaller_final_batch, Code):
        text = allow_smaller_final_batch.text
        return Code(text[len("not "):] if text.startswith("not ") else f"not {text}")
    return not allow_smaller_final_batch


# -- a producer spec ---------------------------------------------------------------------------------------------
def from_spec(spec: PipelineSpec) -> Plan:
    """The plan ``compile`` builds and ``explain`` prints for ``spec``."""
    queue, consumer = spec.queue, spec.consumer
    source = Source("python", sum(p.threads for p in spec.producers))
    batch = None
    if consumer.batched:
        batch = Batch(consumer.batch_size, _drop(consumer.allow_smaller_final_batch), spec.padded,
                      PAD_WHY if spec.padded else DROP_WHY)
    prefetch = spec.prefetch or None
    if by_index(spec):
        return _indexed(spec, batch, prefetch)
    if queue.kind == "random_shuffle":
        buffer, channel = shuffle_split(queue.capacity, CHUNK_LIMIT)
        how = "one chunk, at most an eighth"
        shuffle = Shuffle(buffer, queue.seed,
                          f"{SHUFFLE_WHY}; {CHANNEL_WHY.format(capacity=queue.capacity, channel=channel, how=how)}")
        if queue.signature.fully_defined:
            crossing = Crossing("chunk", channel, min(channel, CHUNK_LIMIT),
                                why="stacked chunks: one Python call per chunk, not per element")
        else:
            crossing = Crossing("element", channel, why="shapes vary: one element per call")
        return Plan(source, shuffle=shuffle, batch=batch, prefetch=prefetch, crossing=crossing)
    if consumer.batched and queue.kind == "fifo" and queue.signature.fully_defined:
        chunk = min(queue.capacity, max(CHUNK_LIMIT, consumer.batch_size))
        crossing = Crossing(
            "batches", queue.capacity, chunk, min(consumer.batch_size, chunk),
            why=("chunks of several whole batches cross at once and unbatch splits them into the batches in C++: "
                 "no batch is half built inside tf.data when a producer fails (the tail made before it still "
                 "arrives, as dequeue_up_to returns it); a chunk waits for a whole batch, so a slow producer "
                 "makes no tiny chunks"))
        return Plan(source, batch=batch, prefetch=prefetch, crossing=crossing)
    if consumer.batched:
        crossing = Crossing("batch", queue.capacity, consumer.batch_size,
                            why="batches assembled (and padded) in queue order from the channel")
        return Plan(source, batch=batch, prefetch=prefetch, crossing=crossing)
    if queue.element_signature.fully_defined:
        crossing = Crossing("chunk", queue.capacity, min(queue.capacity, CHUNK_LIMIT),
                            why="stacked chunks: one Python call per chunk, not per element")
    elif spec.workers is None:  # (process workers stack their chunks themselves: one shape each)
        crossing = Crossing("chunk", queue.capacity, min(queue.capacity, CHUNK_LIMIT),
                            why="shapes vary: each chunk's ready elements cross in runs of one shape, stacked "
                                "(one Python call per run; elements that keep their shape cross as whole chunks), "
                                "split by flat_map(from_tensor_slices) (an empty element: tf_private.split)")
    else:
        crossing = Crossing("element", queue.capacity, why="shapes vary: one element per call")
    return Plan(source, prefetch=prefetch, crossing=crossing)


def by_index(spec: PipelineSpec) -> bool:
    """Whether tf.data makes ``spec``'s elements itself, calling each index producer's ``fn(i)`` over
    ``range(count)``: every producer an index producer, on threads (process workers hand out indices through
    shared memory instead), into a queue tf.data has (not a priority queue)."""
    return (spec.workers is None and spec.queue.kind != "priority"
            and all(p.kind == "index" for p in spec.producers))


INDEX_WHY = ("index producers: tf.data maps range(count) through fn(i) itself, a run of indices per Python call "
             "(each index once; the producer's threads are the map's parallel calls), so the iterator's position "
             "is tf.data's and a tf.train.Checkpoint saves it")


def _indexed(spec: PipelineSpec, batch: Batch | None, prefetch: Value | None) -> Plan:
    """The plan of an index-producer spec (``by_index``): no Python crossing, so no channel; a shuffle buffer
    of the whole ``capacity``, as for graph ops and files."""
    queue = spec.queue
    source = Source("index", sum(p.threads for p in spec.producers))
    shuffle = None
    if queue.kind == "random_shuffle":
        shuffle = Shuffle(shuffle_split(queue.capacity)[0], queue.seed, f"{SHUFFLE_WHY}; no channel: capacity is "
                                                                        "the shuffle buffer")
    return Plan(source, shuffle=shuffle, batch=batch, prefetch=prefetch, crossing=Crossing("none", why=INDEX_WHY),
                why=INDEX_WHY)


# -- a call of the train.batch family ------------------------------------------------------------------------------
@dataclass(frozen=True)
class BatchCall:
    """The parameters of one ``train.batch``-family call that shape its chain (ints and bools where known,
    ``Code`` as written where not: ``migrate``, ``symbols``)."""

    api: str  # "train.batch", ... (``symbols`` names)
    batch_size: Value
    capacity: Value = 32
    threads: Value = 1  # num_threads (the *_join functions: 1, a copy per tensor list)
    keep: Literal["element", "row"] | None = None  # keep_input: per element, or (enqueue_many, a vector) per row
    enqueue_many: bool = False
    dynamic_pad: bool = False
    allow_smaller_final_batch: Value = False
    shuffle: bool = False
    seed: Value | None = None
    min_after_dequeue: Value | None = None


Prefetch = Literal["capacity", "autotune"] | None


def from_batch_call(call: BatchCall, *, source: SourceKind = "dataset", element: Fn | None = None,
                    per_batch: Fn | None = None, channel: bool = False, whole_capacity: bool = False,
                    prefetch: Prefetch = None, v1: str = "tf", ordered: bool = True) -> Plan:
    """The plan of a batch call.

    ``element``: the per-element function (``map``), absent where the element goes to the batch as it is or
    where the ops run once per batch (``per_batch``, vectorized). ``channel``: a Python producer hands
    batches to tf.data through a channel that holds one batch's worth of the capacity; ``whole_capacity``:
    its channel holds all of it and the batches themselves cross (no shuffle: nothing else holds elements).
    ``prefetch``: ``"capacity"`` (the drop-in: the batches left of capacity after what the shuffle buffer
    or the channel holds), ``"autotune"`` (code a user keeps: ``{v1}.data.AUTOTUNE``) or None.
    ``ordered=False``: the per-element function's parallel calls deliver as they finish, as legacy's
    ``num_threads`` runner threads enqueued (the drop-in; printed code keeps tf.data's default order).
    """
    batch = Batch(call.batch_size, _drop(call.allow_smaller_final_batch), call.dynamic_pad,
                  PAD_WHY if call.dynamic_pad else DROP_WHY)
    shuffle = None
    buffered: Value = 0  # what the shuffle buffer holds of the capacity
    held = 0  # what a Python producer's channel holds of it
    if call.shuffle:
        if isinstance(call.capacity, int) and isinstance(call.batch_size, int):
            buffered, held = shuffle_split(call.capacity, call.batch_size if channel else 0, whole_batches=True)
        else:  # code a user keeps has no channel: the buffer is the whole capacity
            buffered = call.capacity
        how = "one batch, at most half"
        why = f"{SHUFFLE_WHY}; {CHANNEL_WHY.format(capacity=call.capacity, channel=held, how=how)}"
        shuffle = Shuffle(buffered, call.seed, why if held else SHUFFLE_WHY)
    crossing = Crossing()
    if channel:
        assert isinstance(call.capacity, int) and isinstance(call.batch_size, int)
        if whole_capacity and shuffle is None:
            crossing = Crossing("batch", call.capacity, call.batch_size, why=(
                "the channel holds the whole capacity and hands over the batches themselves (the batch taken "
                "from it is legacy's batch in flight): no prefetch, and tf.data neither splits nor batches again"))
        else:
            crossing = Crossing("chunk", held or max(1, call.capacity - call.batch_size), call.batch_size, why=(
                "a Python producer's elements cross a batch at a time; its channel and the batch in flight stand "
                "for legacy's queue"))
    pre: Value | None = None
    if prefetch == "autotune":
        pre = Autotune(v1)
    elif prefetch == "capacity" and crossing.transfer != "batch":
        assert isinstance(call.capacity, int) and isinstance(call.batch_size, int) and isinstance(buffered, int)
        taken = call.capacity if channel else buffered  # (a channel and its shuffle buffer hold all of it)
        pre = max(1, (call.capacity - taken) // call.batch_size)  # the batches left of capacity
    return Plan(Source(source, call.threads), element=element, parallel=call.threads, ordered=ordered, keep=call.keep,
                unbatch=call.enqueue_many, shuffle=shuffle, batch=batch, per_batch=per_batch, prefetch=pre,
                crossing=crossing, why=PER_BATCH_WHY if per_batch is not None else crossing.why)
