"""Several tensor lists of one ``read()``: one read of the records, each record to one list in turn.

Legacy ran each list of a ``batch_join`` on a runner thread of its own; lists built over one
``reader.read(q)`` shared its reader kernel, and each record went to whichever thread read next. A
common shape: one read, a different preprocessing per list (Inception's eval input). The lists that are
copies of one another become parallel calls (``lift_copies.py``); those that differ used to make the
input producer a shared stream (TensorFlow's queue and reader kernels read from inside tf.data,
``shared_streams.py``), whose order no read again repeats, so the records between the last full batch
and a failure were lost.

Here, where what was read before a failure is delivered (``allow_smaller_final_batch``, a shuffle:
``graph_batch._one_read``), the read stays native tf.data and record ``i`` goes to list ``i % k``: each
record to one list, as legacy's threads took them, in an order one schedule of theirs gives, and one a
read again repeats (``partial_replay.py``: the short batch before a failing file or record). The read is
made once per list, each keeping every ``k``-th record (``split``); once the stream is shared with other
consumers, the records come from the shared kernel once, each through its list's branch of a
``switch_case`` (``dispatch``). Each list keeps its own op kernels, so a random op in one list gives its
own values, as legacy's did. Cost, measured with 64-byte records and one op per list on a busy 2-core
machine: 2-3x slower than the shared kernels (which read a batch of records per kernel call), so a call
that delivers nothing after a failure keeps those.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tfdata_bridge._src.tf import plain, tf


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
    """A map function over ``(i, (key, value))`` (the reader's records with their keys, ``enumerate``d)
    giving list ``i % k``'s values: ``element_fn(lift, j)`` makes the ``j``-th list's function of the
    components its lift takes (``Lift._present``: the value, or the key and the value)."""
    branches = []
    for j, lift in enumerate(lifts):
        present = lift._present(lift.upstreams[0])  # noqa: SLF001 - lifted_graph's layout of the read's components
        branches.append((element_fn(lift, j), present))
    k = len(lifts)

    def element(i: Any, read: Any) -> Any:
        index = tf.cast(tf.math.floormod(i, k), tf.int32)
        # (each branch takes the read in by an op of its own: a lift imports its ops into the branch; a
        # numbered list's function takes the record's number first: kept_calls.py)
        return tf.switch_case(index, [
            lambda fn=fn, present=present, lift=lift: tuple(fn(*((tf.identity(i),) if lift.number else ()),
                                                               *(tf.identity(read[c]) for c in present)))
            for (fn, present), lift in zip(branches, lifts)])

    return element


def split(lifts: Sequence[Any], read: Callable[[], Any], element_fn: Callable[[Any, int], Callable[..., Any]],
          combine: Callable[[list[Any]], Any] | None, numbered: bool = False, start: int = 0) -> Any:
    """The lists' values where the read can be made more than once (a native read: each makes the same
    records in the same order): list ``j`` reads every ``k``-th record, the ``j``-th first, and
    ``combine`` interleaves them one each in turn. Each list's ops run as a map of their own, with no
    branch per record (a ``switch_case`` per record, ``dispatch``, measured 3-4x slower than the shared
    kernels it replaced); the records are read ``k`` times, and a failing read fails every list at the
    same record, so the interleave meets it after every record before it.

    ``numbered``: each list's function takes the record's number in the one read first (its Python ops'
    calls are kept by it: ``kept_calls.py``); ``start``: the records before it are read, not made, and
    ``combine`` None: the lists are interleaved one at a time, from list ``start % k`` (a read again from
    kept calls: nothing read past its failure)."""
    k = len(lifts)
    parts = []
    for j, lift in enumerate(lifts):
        fn, present = element_fn(lift, j), lift._present(lift.upstreams[0])  # noqa: SLF001 - lifted_graph's layout

        def element(*args: Any, fn: Any = fn, present: Any = present) -> Any:
            number, (key, value) = (args[0], args[1]) if numbered else ((), tuple(args))
            read_ = (key, value)
            return tuple(fn(*((number,) if numbered else ()), *(read_[c] for c in present)))

        records = read().enumerate() if numbered else read()
        records = records.shard(k, j)
        if start:
            records = records.filter(plain(lambda i, _: i >= start))
        parts.append(records.map(plain(element)))
    if combine is not None:
        return combine(parts)
    parts = parts[start % k:] + parts[:start % k]
    nested = tf.data.Dataset.from_tensors(parts[0])
    for part in parts[1:]:
        nested = nested.concatenate(tf.data.Dataset.from_tensors(part))
    return nested.interleave(plain(lambda ds: ds), cycle_length=k, block_length=1)
