"""The typed plan of one queue pipeline: what its source is, and each stage of the tf.data chain that
replaces the legacy queue, with the reason for each decision. Frozen dataclasses, no TensorFlow import.

A plan is made by one builder per legacy API family (``plan/builders.py``: a producer spec, a batch call of
the drop-in or of ``migrate``) and read by two backends: the tf.data builder (``plan/tfdata.py``) and the
source printer (``plan/printer.py``). Both walk ``Plan.steps``, so the code printed for a plan, executed,
builds the chain the builder builds (``tests/spec/test_plan_backends.py``).

Values are ints and bools where the builder knows them, or ``Code`` where only their source text is known
(``migrate``'s arguments as written, the parameter names of ``symbols``' generic chains).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union


@dataclass(frozen=True)
class Code:
    """A value known only as source text (``"capacity"``, ``"2 * batch_size"``, ``"tf.data.AUTOTUNE"``)."""

    text: str


@dataclass(frozen=True)
class Autotune:
    """tf.data's ``AUTOTUNE``, written through the program's spelling of TensorFlow (``v1``)."""

    v1: str = "tf"


Value = Union[int, bool, Code, Autotune]


@dataclass(frozen=True)
class Fn:
    """A function a step calls: ``key`` is how the tf.data builder finds it among the callables it is given,
    ``text`` how the printer writes it (a name the printed code binds, or a lambda)."""

    key: str
    text: str


SourceKind = Literal["python", "index", "lifted", "files", "queue", "fallback", "dataset"]


@dataclass(frozen=True)
class Source:
    """Where the elements come from: Python producers (a spec's, a zero-input ``py_func``), index producers
    called by tf.data itself (``Producer.indexed``: ``range(count)`` mapped through ``fn(i)``), a lifted graph
    (the ops feeding a batch call, re-imported into tf.data), files with their legacy ``reader``, a queue the
    program fills, a fallback (TensorFlow's own queue and runner threads) or a dataset already made."""

    kind: SourceKind
    copies: Value = 1  # producer copies (``num_threads``, or the lists of a ``*_join``)
    reader: str | None = None  # for files: the legacy reader class (``symbols.READER_SOURCES``)


@dataclass(frozen=True)
class Shuffle:
    buffer: Value
    seed: Value | None
    why: str


@dataclass(frozen=True)
class Batch:
    size: Value
    drop_remainder: Value
    padded: bool
    why: str


Transfer = Literal["none", "batch", "batches", "chunk", "element"]


@dataclass(frozen=True)
class Crossing:
    """How Python hands elements to tf.data (``compile``'s generator; the drop-in's Python producers).

    - ``none``: no Python crossing (graph ops, files, a dataset);
    - ``batch``: whole consumer batches, assembled (and padded) from the channel in queue order;
    - ``chunk``: up to ``chunk_size`` ready elements stacked (waiting for ``chunk_min``), split by ``unbatch``;
    - ``batches``: the ready elements as whole batches, several per chunk, split by ``unbatch`` into batches;
    - ``element``: one element per call, for elements whose shapes vary and cannot be stacked.
    """

    transfer: Transfer = "none"
    channel_capacity: int = 0  # elements made and not yet in tf.data
    chunk_size: int = 1
    chunk_min: int = 1
    why: str = ""

    @property
    def splits(self) -> bool:
        """Whether a Python call hands over a stack that ``unbatch`` takes apart in tf.data."""
        return self.transfer in ("chunk", "batches")

    @property
    def batches(self) -> bool:
        """Whether the consumer's batches are made before tf.data (no ``batch`` step)."""
        return self.transfer in ("batch", "batches")


Stage = Literal["cross", "element", "mix", "batch", "per_batch", "feed"]


@dataclass(frozen=True)
class Step:
    """One ``Dataset`` method call of the chain: ``op(*args, **dict(kwargs))``, in ``stage``."""

    op: str
    stage: Stage
    args: tuple[Value | Fn, ...] = ()
    kwargs: tuple[tuple[str, Value | Fn], ...] = ()
    why: str = ""


KEEP = Fn("keep", "lambda element, keep: keep")  # the per-element function returns (element, keep)
DROP_KEEP = Fn("drop_keep", "lambda element, keep: element")


@dataclass(frozen=True)
class Plan:
    """One queue pipeline, as tf.data: its source, then (``steps``) the per-element function, the filter
    (``keep_input``), the unbatch (``enqueue_many``), the shuffle buffer, the batch, a function run on whole
    batches, and the prefetch; ``crossing``: how Python hands elements over, within the queue's capacity."""

    source: Source
    element: Fn | None = None  # the per-element function (``map``)
    parallel: Value = 1  # its parallel calls (the producer threads)
    ordered: bool = True  # False: its parallel calls deliver as they finish (legacy's runner threads did)
    keep: Literal["element", "row"] | None = None  # filter each element, or (``enqueue_many``) each row
    unbatch: bool = False  # ``enqueue_many``: each value is a batch of elements
    shuffle: Shuffle | None = None
    batch: Batch | None = None
    per_batch: Fn | None = None  # the ops run once per batch (vectorized: ``parse_example`` after ``batch``)
    prefetch: Value | None = None
    crossing: Crossing = Crossing()
    why: str = ""  # why the plan has this shape (vectorized, whole batches crossing, ...)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The chain after the source, in order: what the builder builds and the printer prints."""
        steps: list[Step] = []
        if self.crossing.splits:
            steps.append(Step("unbatch", "cross", why=self.crossing.why))
        if self.element is not None:
            steps.append(Step("map", "element", (self.element,), parallel_kwargs(self.parallel, self.ordered)))
        if self.keep == "element":
            steps += _filter()
        if self.unbatch:
            steps.append(Step("unbatch", "element", why="enqueue_many: each value is a batch of elements"))
        if self.keep == "row":
            steps += _filter()
        if self.shuffle is not None:
            kwargs = () if self.shuffle.seed is None else (("seed", self.shuffle.seed),)
            steps.append(Step("shuffle", "mix", (self.shuffle.buffer,), kwargs, self.shuffle.why))
        if self.batch is not None and not self.crossing.batches:
            op = "padded_batch" if self.batch.padded else "batch"
            steps.append(Step(op, "batch", (self.batch.size,), (("drop_remainder", self.batch.drop_remainder),),
                              self.batch.why))
        if self.per_batch is not None:
            steps.append(Step("map", "per_batch", (self.per_batch,), parallel_kwargs(self.parallel), self.why))
        if self.prefetch is not None:
            steps.append(Step("prefetch", "feed", (self.prefetch,)))
        return tuple(steps)

    # -- the crossing's view, as ``compile``'s generator reads it
    @property
    def transfer(self) -> Transfer:
        return self.crossing.transfer

    @property
    def channel_capacity(self) -> int:
        return self.crossing.channel_capacity

    @property
    def chunk_size(self) -> int:
        return self.crossing.chunk_size

    @property
    def chunk_min(self) -> int:
        return self.crossing.chunk_min

    @property
    def shuffle_buffer(self) -> Value | None:
        return None if self.shuffle is None else self.shuffle.buffer

    @property
    def rebatch(self) -> bool:
        """Whether tf.data batches again after the crossing's ``unbatch``."""
        return self.batch is not None and self.crossing.splits and not self.crossing.batches

    @property
    def drop_remainder(self) -> bool:
        return self.batch is not None and self.batch.drop_remainder is True

    @property
    def padded(self) -> bool:
        return self.batch is not None and self.batch.padded


def parallel_kwargs(parallel: Value, ordered: bool = True) -> tuple[tuple[str, Value], ...]:
    one = parallel == 1 or parallel == Code("1")  # (True == 1: a bool is not a thread count here)
    if one:
        return ()
    return (("num_parallel_calls", parallel),) if ordered else (("num_parallel_calls", parallel), ("deterministic", False))


def _filter() -> list[Step]:
    why = "keep_input: the per-element function returns (element, keep); kept elements go on"
    return [Step("filter", "element", (KEEP,), why=why), Step("map", "element", (DROP_KEEP,))]
