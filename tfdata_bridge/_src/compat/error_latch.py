"""A shuffled batch call's first producer error, held until the shuffle buffer has drained.

Legacy: a ``shuffle_batch`` producer raising under a ``Coordinator`` stops the runners and closes the
queue, and the consumer still gets every full batch of what the queue held, then ``OutOfRangeError``
(``coord.join()`` re-raises the error). tf.data's ``shuffle`` fills its buffer (here: ``capacity``)
before it gives anything, and an upstream error passes it at once: the consumer met the error with up
to ``capacity`` elements still in the buffer (4 batches of 10 where legacy gave 9).

So the call's Python code (each lifted ``py_func``, and the function of a zero-input ``py_func`` run
as a Python producer) runs through a ``Latch``: the first exception is kept and the producer ends as
at ``StopIteration``, the other producers end at their next call, the shuffle drains its buffer into
the batches, and a last element after them raises the kept exception through a ``py_func`` (so the
consumer gets the ``tf.errors`` type TensorFlow's ``py_func`` gives for it, as before, after every
full batch). Errors of TensorFlow's own ops (a failed decode) are not caught: a graph has no ``try``.

Which calls hold the error back (``needed``): every shuffled form (``shuffle_batch`` with ``keep_input``,
``enqueue_many`` or ``num_threads``, ``shuffle_batch_join``), and every call of several tensor lists,
shuffled or not (``batch_join``: the interleave of the lists ended at the first list's error, and the
elements the others had in flight, a Python producer's channel of them, were lost: 60 of 200 made where
legacy's FIFO queue gave 140). A list failing ends the others at their next call, as legacy's
``Coordinator`` stopped their runners; what each had made by then arrives. How many that is depends on
the thread schedule, in legacy as in the drop-in (a list's runner or producer thread may not have run at
all yet), so a list failing early may leave the others with fewer (or more) elements than one legacy run
gave (three lists over readers of one input producer, the first failing at its 3rd record, through
``shuffle_batch_join``: legacy runs delivered 0 and 70 records, the drop-in's 0 and 10); every element
delivered is one legacy could have delivered, once. Holding the other lists on until they made as many as
a legacy run would is not possible: no count is legacy's. The ``num_threads`` copies of one producer too:
they are interleaved as they finish, and an error from one copy passed what the others held (a ``batch`` with
``num_threads=4`` over a failing ``py_func``, on a busy machine: 80 elements where legacy's queue gave 90).
A lone ``batch`` / ``maybe_batch`` of one copy needs none: its elements reach the batch in order, before
the error.

Not where the call reads again what it held instead (``partial_replay.py``, ``shuffle_py_funcs.py``), or
batches ``SparseTensor`` components. Once such a call's input producer becomes shared with other
consumers (``shared_streams.py``), no read again repeats its records, so its rebuilt pipeline gets a
latch (``graph_batch.build``'s ``rebuild``). A lifted producer over a frontier source ends at the latch's
``StopIteration`` because its map is a ``tf.compat.v1`` one (``graph_batch._element_stage``): the v2
``map`` turned it into ``InvalidArgumentError``, which passed the shuffle at once (0 batches where legacy
gave 2).
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any, Callable

from tfdata_bridge._src import op_types, tf_private
from tfdata_bridge._src.tf import plain, tf

tf1 = tf.compat.v1


def needed(shuffled: bool, producers: int, sparse: bool, read_again: bool) -> bool:
    """Whether a batch call whose producers run Python code holds their first error back: through a
    shuffle (its buffer), or where several producers are interleaved (the tensor lists of a ``batch_join``,
    the ``num_threads`` copies of one: each one's elements in flight, a Python producer's channel of them,
    which an error from another passed);
    not where the call reads what it held again instead (``read_again``: ``partial_replay.py``,
    ``shuffle_py_funcs.py``) or batches ``SparseTensor`` components (``sparse``)."""
    return (shuffled or producers > 1) and not sparse and not read_again


class Latch:
    """The first error of one batch call's producers."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.error: BaseException | None = None

    def wrap(self, func: Callable[..., Any], passes: tuple[type[BaseException], ...] = ()) -> Callable[..., Any]:
        """``func``, ending (``StopIteration``) at its first exception or once another producer failed;
        exceptions of the types ``passes`` (and ``StopIteration``) go through as they are."""

        def latched(*args: Any) -> Any:
            if self.error is not None:
                raise StopIteration
            try:
                return func(*args)
            except (StopIteration, *passes):
                raise
            except Exception as e:  # noqa: BLE001 - kept, raised again after the shuffle drained
                with self._lock:
                    if self.error is None:
                        self.error = e
                raise StopIteration from None

        return latched

    def check(self) -> bool:
        """False, or the kept error raised (the ``py_func`` of the last element)."""
        if self.error is not None:
            raise self.error
        return False


def latched_lift(lift: Any, latch: Latch) -> Any:
    """``lift`` (``lifted_graph.Lift``) with each ``py_func`` node calling its function through ``latch``."""
    graph_def = tf1.GraphDef()
    graph_def.CopyFrom(lift.graph_def)
    wrapped = []
    for node in graph_def.node:
        if node.op not in op_types.PY_FUNC_OPS:
            continue
        func = tf_private.py_func_for_token(node.attr["token"].s.decode())
        if func is None:
            continue
        latched = tf_private.rewrap_py_func(func, latch.wrap)  # (a py_function's entry holds the function)
        wrapped.append(latched)
        node.attr["token"].s = tf_private.register_py_func(latched).encode()
    if not wrapped:
        return lift
    return dataclasses.replace(lift, graph_def=graph_def, py_funcs=tuple(lift.py_funcs) + tuple(wrapped))


def with_raising_tail(ds: Any, latch: Latch) -> Any:
    """``ds``, then (once it ends) the latch's error if a producer failed; or ``ds`` unchanged where its
    elements' structure does not allow such an element (a component of unknown rank, a sparse one)."""
    specs = tf.nest.flatten(ds.element_spec)
    if not all(isinstance(s, tf.TensorSpec) and s.shape.rank is not None for s in specs):
        return ds
    zeros = tf.nest.map_structure(lambda s: tf.zeros([d if d is not None else 0 for d in s.shape], s.dtype),
                                  ds.element_spec)

    def failed(*_: Any) -> Any:
        return tf.reshape(tf1.py_func(latch.check, [], tf.bool, stateful=True), [])

    return ds.concatenate(tf1.data.Dataset.from_tensors(zeros).filter(plain(failed)))
