"""The one printer of the feed-thread family: the ``from_generator`` chain that replaces a fed queue and its
dequeue, and the comment that says what became of it, for the function form and the class form alike (each
step's text comes from the project's printer, ``compiler/emit.py``)."""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import is_none
from tfdata_bridge._src.migrate.dequeue_count import dequeue_count
from tfdata_bridge._src.migrate.feed.queue import queue_names
from tfdata_bridge._src.migrate.feed.wraps import wrapped_source, wrapped_spec


def dataset_text(v1: str, source: str, shapes: list[str], dtypes: cst.List | cst.Tuple, kind: str,
                 args: dict[str, cst.BaseExpression], dequeue: cst.Call, many: bool, code, wraps=None) -> str:
    """``from_generator(source)`` then the queue's own rules: ``enqueue_many`` batches unbatched, a
    ``RandomShuffleQueue``'s ``shuffle(capacity)``, the dequeue's batch (``dequeue_many`` drops a short tail,
    ``dequeue_up_to`` keeps it, ``padded_batch`` for a ``PaddingFIFOQueue``), a prefetch."""
    head, steps = queue_text(v1, source, shapes, dtypes, kind, args, many, code, wraps)
    return emit.chain(head, [*steps, *dequeue_steps(v1, kind, dequeue, code)])


def queue_text(v1: str, source: str, shapes: list[str], dtypes: cst.List | cst.Tuple, kind: str,
               args: dict[str, cst.BaseExpression], many: bool, code, wraps=None) -> tuple[str, list[str]]:
    """The part of the chain that stands for the queue itself (its source, unbatching, shuffle): what a class
    keeps where it made the queue when the queue's arguments are names of that method alone."""
    wraps = wraps or {}
    own = [emit.tensor_spec(v1, shape, code(d.value)) for shape, d in zip(shapes, dtypes.elements)]
    specs = [wrapped_spec(v1, own[j], wraps.get(j), shape, own) for j, shape in enumerate(shapes)]
    names = queue_names(args)
    if names:  # its elements are dicts
        specs = ["{\n" + "".join(f"        {n!r}: {s},\n" for n, s in zip(names, specs)) + "    }"]
    # (an op the enqueue ran on a fed placeholder: a ``map`` on that component, ``wraps.py``)
    source, mapped = wrapped_source(v1, source, wraps, len(specs))
    head = emit.generator_source(v1, source, specs, len(specs) == 1, None)
    steps = [*mapped, *(["unbatch()"] if many else [])]  # each enqueue_many a batch; the queue holds its elements
    if kind == "RandomShuffleQueue":
        seed = None if is_none(args.get("seed")) else code(args["seed"])
        steps.append(emit.shuffle_step(code(args["capacity"]), seed))
    return head, steps


def dequeue_steps(v1: str, kind: str, dequeue: cst.Call, code) -> list[str]:
    """The dequeue's part: its batch, then a prefetch."""
    steps = []
    method = dequeue.func.attr.value if isinstance(dequeue.func, cst.Attribute) else "dequeue"
    if method != "dequeue":
        steps.append(emit.batch_step(code(dequeue_count(dequeue)), method == "dequeue_many",  # (name= aside)
                                     kind == "PaddingFIFOQueue"))
    steps.append(emit.prefetch_step(v1))
    return steps


def comment(queue: str, loop: str, many: bool, kind: str, args: dict[str, cst.BaseExpression], code) -> str:
    """The one comment per rewritten queue; ``queue`` and ``loop`` name them as the form has them."""
    each = "each enqueue_many a yield of a batch, unbatched" if many else "each enqueue a yield"
    if kind == "RandomShuffleQueue":
        mad = code(args["min_after_dequeue"]) if args.get("min_after_dequeue") is not None else "0"
        return ("tfdata-bridge migrate: the feed thread's RandomShuffleQueue rewritten to tf.data; the "
                f"feeding loop is a generator ({each}, the close its end) mixed by "
                f"shuffle(capacity): the same elements; legacy held {mad} back (min_after_dequeue) "
                "until the close, tf.data's buffer does so until the generator ends")
    return (f"tfdata-bridge migrate: the feed thread's {queue} rewritten to tf.data; {loop} is a generator "
            f"({each}, the close its end), read in its own order")
