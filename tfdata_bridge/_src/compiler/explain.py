"""``explain(spec) -> str``: the hand-written tf.data code equivalent to a spec.

The text is runnable Python. It refers to each producer function by its ``__name__`` (``producer_<i>``
where that is not an identifier), so it runs wherever those names are bound. It is the code we would
write by hand: where the consumer takes batches and every shape is fully defined, the generators hand
``from_generator`` stacked groups of a batch's worth of elements and ``unbatch()`` gives the elements
back (``grouped_source``), so the Python cost of crossing into tf.data is paid once per group, not per
element; otherwise (single dequeues, or shapes that vary) it is one element per call, so no element
waits for others. ``compile(spec)`` yields the same elements.
"""

from __future__ import annotations

import dataclasses

from tfdata_bridge._src.compiler.lowering import lower
from tfdata_bridge._src.plan import Crossing, printer
from tfdata_bridge._src.spec.pipeline import PipelineSpec
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.signature import Signature


def producer_names(spec: PipelineSpec) -> list[str]:
    """The names ``explain`` gives the producer functions, in spec order."""
    names = []
    for i, producer in enumerate(spec.producers):
        name = getattr(producer.fn, "__name__", "")
        names.append(name if name.isidentifier() and name != "<lambda>" and name not in names else f"producer_{i}")
    return names


def _signature_source(sig: Signature) -> str:
    specs = []
    for i, dtype in enumerate(sig.dtypes):
        shape = sig.shape(i)
        shape_src = "None" if shape is None else repr(tuple(shape))
        specs.append(f"tf.TensorSpec(shape={shape_src}, dtype=tf.{dtype})")
    if sig.names is not None:
        return "{" + ", ".join(f"{n!r}: {s}" for n, s in zip(sig.names, specs)) + "}"
    if sig.single:
        return specs[0]
    return "(" + ", ".join(specs) + ("," if len(specs) == 1 else "") + ")"


_ROWS_HELPER = [
    "def _rows(batch):",
    "    # enqueue_many: a producer's value is a batch; its elements are the rows.",
    "    if isinstance(batch, dict):",
    "        return ({key: batch[key][j] for key in batch} for j in range(len(next(iter(batch.values())))))",
    "    if isinstance(batch, (tuple, list)):",
    "        return zip(*batch)",
    "    return iter(batch)",
    "",
]


def groups_element(spec: PipelineSpec) -> bool:
    """Whether ``explain`` writes the grouped form for ``spec``: its consumer takes batches, so a group
    of a batch's worth adds no wait the batch does not, and every component has a fully defined shape
    and is not padded, so a group can be stacked."""
    return spec.consumer.batched and not spec.padded and spec.queue.element_signature.fully_defined


def _numpy_dtype_source(dtype: str) -> str:
    return "object" if dtype == "string" else repr(dtype)


def grouped_source(spec: PipelineSpec) -> list[str]:
    """The ``GROUP`` constant and the ``_groups(elements)`` generator of the grouped form."""
    sig = spec.queue.element_signature
    dtypes = [_numpy_dtype_source(d) for d in sig.dtypes]
    if sig.names is not None:
        stack = ("        yield {" + ", ".join(f"{n!r}: np.asarray([e[{n!r}] for e in group], dtype={d})"
                                              for n, d in zip(sig.names, dtypes)) + "}")
    elif sig.single:
        stack = f"        yield np.asarray(group, dtype={dtypes[0]})"
    else:
        stack = ("        yield tuple(np.asarray(column, dtype=dtype)\n"
                 "                    for column, dtype in zip(zip(*group), ("
                 + ", ".join(dtypes) + ("," if len(dtypes) == 1 else "") + ")))")
    return [
        f"GROUP = {spec.consumer.batch_size}  # elements per from_generator call: a batch's worth",
        "",
        "",
        "def _groups(elements):",
        "    # Stacked groups of up to GROUP elements: one Python call into tf.data per group, not per",
        "    # element; dataset.unbatch() gives the elements back.",
        "    elements = iter(elements)",
        "    while group := list(itertools.islice(elements, GROUP)):",
        stack,
        "",
        "",
    ]


def _grouped_signature_source(sig: Signature) -> str:
    """``_signature_source`` with a leading group dimension of unknown size."""
    return _signature_source(Signature(sig.dtypes, tuple((None, *shape) for shape in sig.shapes), sig.names,
                                       sig.single))


def _element_loop(producer: Producer, name: str, copy: int = 0) -> list[str]:
    """The body of a generator function that yields what one copy of ``producer`` makes (an index
    producer's copy ``copy`` makes every ``threads``-th index from ``copy``: its threads share the indices,
    so together they make each once)."""
    emit = "yield from _rows(value)" if producer.enqueue_many else "yield value"
    if producer.kind == "index":
        indices = (f"range({producer.calls})" if producer.threads == 1
                   else f"range({copy}, {producer.calls}, {producer.threads})")
        return [f"    for _index in {indices}:", f"        value = {name}(_index)", f"        {emit}"]
    if producer.kind == "generator":
        body = [f"for value in {name}():", f"    {emit}"]
        if producer.epochs is None:
            body = ["while True:"] + ["    " + b for b in body]
        elif producer.epochs > 1:
            body = [f"for _epoch in range({producer.epochs}):"] + ["    " + b for b in body]
        return ["    " + b for b in body]
    head = "    while True:" if producer.calls is None else f"    for _call in range({producer.calls}):"
    return [
        head,
        "        try:",
        f"            value = {name}()",
        "        except (StopIteration, tf.errors.OutOfRangeError):",
        "            return",
        f"        {emit}",
    ]


def explain(spec: PipelineSpec) -> str:
    """The equivalent hand-written tf.data pipeline, as Python source that binds ``dataset``."""
    if not isinstance(spec, PipelineSpec):
        raise TypeError(f"explain() takes a PipelineSpec, got {type(spec).__name__}")
    queue, consumer = spec.queue, spec.consumer
    names = producer_names(spec)
    grouped = groups_element(spec)
    sig_src = (_grouped_signature_source if grouped else _signature_source)(queue.element_signature)
    if grouped:
        lines = ["import itertools", "", "import numpy as np", "import tensorflow as tf", "", ""]
        lines += grouped_source(spec)
    else:
        lines = ["import tensorflow as tf", "", ""]
    if any(p.enqueue_many for p in spec.producers):
        lines += _ROWS_HELPER + [""]
    copies = []
    for i, (producer, name) in enumerate(zip(spec.producers, names)):
        each = range(producer.threads) if producer.kind == "index" and producer.threads > 1 else [None]
        for copy in each:
            function = f"_elements_{i}" if copy is None else f"_elements_{i}_{copy}"
            lines.append(f"def {function}():")
            lines.append(f"    # {producer.label}: {producer.kind} producer"
                         + ("" if copy is None else f", thread {copy} of {producer.threads}"))
            lines += _element_loop(producer, name, copy or 0)
            lines += ["", ""]
            copies += [function] * (producer.threads if copy is None else 1)
    if len(copies) == 1 and grouped:
        lines.append(f"dataset = tf.data.Dataset.from_generator(lambda: _groups({copies[0]}()), "
                     f"output_signature={sig_src})")
    elif len(copies) == 1:
        lines.append(f"dataset = tf.data.Dataset.from_generator({copies[0]}, output_signature={sig_src})")
    else:
        lines += [
            "# One generator per producer thread, run in parallel: elements interleave as they are made.",
            f"_copies = [{', '.join(copies)}]",
            "",
            "",
            "def _elements(index):",
            f"    yield from {'_groups(_copies[index]())' if grouped else '_copies[index]()'}",
            "",
            "",
            f"dataset = tf.data.Dataset.range({len(copies)}).interleave(",
            "    lambda index: tf.data.Dataset.from_generator(",
            f"        _elements, args=(index,), output_signature={sig_src}),",
            f"    cycle_length={len(copies)}, num_parallel_calls={len(copies)}, deterministic=False)",
        ]
    chain = lower(spec)  # the plan compile builds: its chain after the source, printed
    if chain.source.kind == "index":
        lines += [
            "# compile() makes these elements in tf.data itself: Dataset.range(count) mapped through each index",
            "# producer (a tf.numpy_function; its threads the map's parallel calls), the same elements as the",
            "# generators above, at a position tf.train.Checkpoint(iterator=...) can save and restore.",
        ]
    if grouped:
        lines.append("dataset = dataset.unbatch()")
    lines += printer.statements("dataset", chain, stages=("mix",), reasons=True)
    if queue.kind == "priority":
        lines.append(
            "# PriorityQueue: tf.data has no priority order. compile() orders the elements buffered at each"
        )
        lines.append(f"# dequeue by priority (at most capacity={queue.capacity}), as the legacy queue did.")
    if consumer.batched:  # (compile may batch before tf.data: the chain written here batches in it)
        lines += printer.statements("dataset", dataclasses.replace(chain, crossing=Crossing()), stages=("batch",))
    lines += printer.statements("dataset", chain, stages=("feed",))
    if spec.workers is not None:
        lines += [
            f"# workers={spec.workers}: compile() runs each producer in {spec.workers} worker process(es), each making its",
            "# share (an index producer's indices as each worker is free; a call producer's calls split exactly;",
            "# a generator asks tfdata_bridge.worker_info()), handed",
            "# over in chunks through shared memory. tf.data has no process workers: this code runs each producer",
            "# once, here (worker_info() is None), making the same elements without the parallelism.",
        ]
    lines.append(f"# Native: no. Python runs in this pipeline: the producer(s) {', '.join(names)}, called through "
                 "Dataset.from_generator (tfdata_bridge.is_native(dataset) is False).")
    return "\n".join(lines) + "\n"
