"""Several tensor lists of one ``read()``: one read of the records, each record to one list in turn.

Legacy ran each list of a ``batch_join`` on a runner thread of its own; lists built over one
``reader.read(q)`` shared its reader kernel, and each record went to whichever thread read next. A
common shape: one read, a different preprocessing per list (Inception's eval input). The lists that are
copies of one another become parallel calls (``lift_copies.py``); those that differ used to make the
input producer a shared stream (TensorFlow's queue and reader kernels read from inside tf.data,
``shared_streams.py``), whose order no read again repeats, so the records between the last full batch
and a failure were lost.

Here the read stays one native tf.data source, numbered, and record ``i`` goes to list ``i % k`` (the
``k`` lists' ops as the branches of one ``switch_case``): each record to one list, as legacy's threads
took them, in an order one schedule of theirs gives, and one a read again repeats
(``partial_replay.py``: the short batch before a failing file or record). Each list keeps its own op
kernels, so a random op in one list gives its own values, as legacy's did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tfdata_bridge._src.tf import tf


def applies(lifts: Sequence[Any]) -> bool:
    """Whether ``lifts`` (two or more) each read one and the same reader's records (a ``FileRead`` of an
    input producer) and nothing else, with no Python producer."""
    from tfdata_bridge._src.compat.input_producers import InputQueue
    from tfdata_bridge._src.compat.readers import FileRead

    if len(lifts) < 2 or any(len(lift.upstreams) != 1 or lift.python_producers for lift in lifts):
        return False
    source = lifts[0].upstreams[0].source
    return (isinstance(source, FileRead) and isinstance(source.stream, InputQueue)
            and source._method == "read"  # noqa: SLF001 - one record per read (not read_up_to's batches)
            and all(lift.upstreams[0].source is source for lift in lifts))


def dispatch(lifts: Sequence[Any], element_fn: Callable[[Any, int], Callable[..., Any]]) -> Callable[..., Any]:
    """A map function over ``(i, (key, value))`` (the reader's records with their keys, ``enumerate``d) giving list ``i % k``'s values: ``element_fn(lift, j)`` makes
    the ``j``-th list's function of the components its lift takes (``Lift._present``: the value, or the
    key and the value)."""
    branches = []
    for j, lift in enumerate(lifts):
        present = lift._present(lift.upstreams[0])  # noqa: SLF001 - lifted_graph's layout of the read's components
        branches.append((element_fn(lift, j), present))
    k = len(lifts)

    def element(i: Any, read: Any) -> Any:
        index = tf.cast(tf.math.floormod(i, k), tf.int32)
        # (each branch takes the read in by an op of its own: a lift imports its ops into the branch)
        return tf.switch_case(index, [lambda fn=fn, present=present: tuple(fn(*(tf.identity(read[c]) for c in present)))
                                      for fn, present in branches])

    return element
