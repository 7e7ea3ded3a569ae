"""A Python op after a read, through ``shuffle_batch``: its calls kept until a batch takes their record, so
what the shuffle held at a failing read is delivered as legacy's closed queue delivered it, with no call
made again.

Legacy called the op once per record on its runner thread; when the read failed (a missing file, a
corrupt record), the ``Coordinator`` closed the ``RandomShuffleQueue`` and the consumer got every record
it held. The drop-in finds those records by reading again through a shuffle of the same size and seeds
(``shuffle_replay.py``), which needs the op's value for every record still in the buffer: any record read,
held for any length of time. So where such a call is lifted, every Python op (``py_func``,
``numpy_function``, ``py_function``, stateful or not) is called through the keep every batch call uses
(``kept_calls.py``): its output is kept by record number (a dict insert per call), the number rides through
the shuffle and the batch, and one call per batch (``kept_calls.telling``) tells the keep which records that
batch took. A batch's calls are dropped only ``kept_calls.lag`` batches later, so the few batches the
pipeline's read-ahead makes after a failure (never delivered: legacy's runner had stopped) cannot drop what
the read again needs; where they still did, the value is missing and nothing is delivered (no value is
made up).

The read again (``ReadAgain``) runs the ops before and after each Python op on every record not yet
taken, with the kept values in place of the calls, so it fails where the pipeline failed (the reader, an
op before the call, or one after it); a record a batch took had passed every op, and only its number
counts; a call that had raised raises again for its record, so a Python op's own error is a failing record
like a reader's (no error latch then: ``error_latch.py``). Where it meets another error than the
pipeline's, or a record with no kept call, nothing more is delivered.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from tfdata_bridge._src import op_types, tf_private
from tfdata_bridge._src.compat import kept_calls, partial_replay, py_func_records
from tfdata_bridge._src.tf import plain, tf

tf1 = tf.compat.v1
KEPT_OPS = op_types.PY_FUNC_OPS  # (a stateless one too: the read again never calls the user's function)


def applies(shuffle: Any, lift: Any) -> bool:
    """Whether ``lift``, batched through a shuffle, has Python ops whose functions are still registered (so
    their calls can be kept)."""
    nodes = py_func_records.recorded_nodes(lift.graph_def, KEPT_OPS)
    return (shuffle is not None and bool(nodes)
            and all(tf_private.py_func_for_token(n.attr["token"].s.decode()) is not None for n in nodes))


class ReadAgain:
    """The records of a failed pipeline (``partial_replay.Replay`` with its ``kept_calls.KeptCalls``), read again in the
    default graph with the kept values in place of the Python ops' calls."""

    def __init__(self, replay: Any, names: Any, error: Any) -> None:
        self._records: kept_calls.KeptCalls = replay.records
        values, below, above = self._records.snapshot_taken()
        self._produce = py_func_records.replaying(replay.lift, self._records, values, KEPT_OPS).function(0)
        self._width = replay.width
        self._error = error
        self._below = below
        self._above = np.append(above, np.iinfo(np.int64).max)  # (a sentinel: a search never ends past it)
        rows = replay.rows(names)
        self._raw = replay._records_of(replay.lift, rows, True)  # noqa: SLF001 - one family (partial_replay.Replay)

    def _taken(self, i: Any) -> Any:
        above = tf.constant(self._above)
        at = tf.searchsorted(above, tf.reshape(i, [1]))[0]
        return tf.logical_or(i < self._below, tf.equal(tf.gather(above, at), i))

    def numbered(self) -> Any:
        """The number of every record read, each record not taken made by the ops (so a failing one fails)."""
        produce, width = self._produce, self._width

        def number(i: Any, record: Any) -> Any:
            def made() -> Any:  # (identities capture the values in the branch: import_graph_def does not)
                inside = tf.identity(i)
                with tf.control_dependencies(produce(inside, tf.nest.map_structure(tf.identity, record))[:width]):
                    return tf.identity(inside)

            return tf.cond(self._taken(i), lambda: tf.identity(i), made)

        return self._raw.enumerate().map(plain(number)).with_options(partial_replay._no_read_ahead())  # noqa: SLF001

    def pick(self, keep: Callable[[Any], Any]) -> Any:
        """The records whose numbers ``keep`` keeps, made by the ops, each a tuple of its components."""
        produce, width = self._produce, self._width
        kept = self._raw.enumerate().filter(plain(lambda i, _: keep(i)))
        made = kept.map(plain(lambda i, record: tuple(produce(i, record)[:width])))
        return made.with_options(partial_replay._no_read_ahead())  # noqa: SLF001 - one family

    def accept(self, met: Any) -> bool:
        """Whether the read again met the pipeline's failure: no call missing, and the error's type (a call
        that had raised raises again for its record)."""
        return not self._records.missing and (self._error is None or type(met) is type(self._error))
