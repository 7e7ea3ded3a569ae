"""What a ``shuffle_batch``'s buffer held when its read failed: found by reading again, shuffled alike.

Legacy's ``RandomShuffleQueue`` held every record read and not yet dequeued; when the read failed, the
runner's ``Coordinator`` closed it, and a consumer that kept dequeuing got all of them (``min_after_dequeue``
no longer holds a closed queue back), in full batches, then the short one where
``allow_smaller_final_batch`` lets it through, then ``OutOfRangeError``. The drop-in's ``shuffle`` buffer
and ``batch`` drop what they hold when their input fails, and a graph has no ``try``.

So nothing changes while nothing fails. After the failure the records are read again in the order the
pipeline read them (``partial_replay.py``), numbered, through a ``shuffle`` of the same buffer size and
seeds as the pipeline's (``graph_batch`` gives an unseeded call a seed of its own, drawn at random, so the
order is still one no run repeats but one a read again can): tf.data's shuffle draws the same positions
whatever the elements are, so the batches of numbers before the failure are the batches the consumer
got. Every record read before the failure that is in none of them is what the buffer and the batch in
progress held: those are delivered, in a random order, as legacy's closed queue delivered them. Three
reads of what the pipeline had read, once, after the failure. Python ops after the read are not called
again: their calls are kept until a batch takes their record, and the read again takes their values
(``shuffle_py_funcs.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfdata_bridge._src.compat import partial_replay, shuffle_py_funcs
from tfdata_bridge._src.tf import plain, tf

tf1 = tf.compat.v1
COUNT_CHUNK = 256  # whole batches read per run by the first pass


def lost_batches(replay: Any, live: Any, failed_batch: int | None = None,
                 error: Any = None) -> list[list[Any]] | None:
    """The batches to deliver after the failure (each a list of stacked components; the last short only
    where ``allow_smaller_final_batch``), ``[]`` for none, or None where the read again does not fail
    (the failure was not the records'). ``replay``: a ``partial_replay.Replay`` with ``shuffle`` set;
    ``live``: the pipeline's session; ``failed_batch``: where the ops of a vectorized pipeline failed on a
    batch (``batch_retry.py``), how many batches came before it: those were delivered, and the records
    to deliver are those read before the first one its ops fail on, as legacy's runner stopped there;
    ``error``: the pipeline's, which a read again from kept Python op calls must meet."""
    buffer, seed = replay.shuffle
    names = replay._file_names(live)  # noqa: SLF001 - one family (partial_replay.Replay)
    with tf.Graph().as_default() as graph, tf1.Session() as sess:
        graph.seed = replay.graph_seed
        if replay.records is not None:  # Python ops' calls kept until a batch took them (shuffle_py_funcs.py)
            again = shuffle_py_funcs.ReadAgain(replay, names, error)
            numbered, pick, accept = again.numbered, again.pick, again.accept
        else:
            # (the shuffle of a vectorized pipeline took the records as read: its ops ran after the batch)
            read = replay._records  # noqa: SLF001 - one family (partial_replay.Replay)
            records = read(names)

            def numbered() -> Any:  # (the components still made: a failing op fails)
                return read(names, raw=replay.vectorized).enumerate().map(plain(lambda i, _: i))

            def pick(keep: Any) -> Any:
                return records.enumerate().filter(plain(lambda i, _: keep(i))).map(plain(lambda _, r: r))

            def accept(_: Any) -> bool:
                return True

        delivered = _delivered(sess, numbered, buffer, seed, replay.batch_size, failed_batch, accept)
        if delivered is None:
            return None
        held = _held(sess, pick, delivered, accept)
    if held is None:
        return None
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(held))
    size = replay.batch_size
    ends = range(0, len(held), size) if replay.allow_smaller else range(0, len(held) - size + 1, size)
    return [[np.stack([held[j][i] for j in order[at:at + size]]) for i in range(replay.width)] for at in ends]


def _delivered(sess: Any, numbered: Any, buffer: int, seed: int, batch_size: int,
               failed_batch: int | None = None, accept: Any = None) -> np.ndarray | None:
    """The numbers of the records in the full batches the pipeline made before its failure (``failed_batch``:
    that many), or None where the read again reaches the end or fails otherwise than ``accept``s.
    ``numbered()``: the number of every record read, in the order read (a failing record fails)."""

    def batches() -> Any:
        return numbered().shuffle(buffer, seed=seed).batch(batch_size, drop_remainder=True)

    got: list[np.ndarray] = []
    if failed_batch is not None:
        first = partial_replay.replay_iterator(batches().take(failed_batch).batch(COUNT_CHUNK)).get_next()
        try:
            while True:
                got.append(sess.run(first).reshape(-1))
        except tf.errors.OutOfRangeError:
            return np.concatenate(got) if got else np.zeros([0], np.int64)
    counted = partial_replay.replay_iterator(batches().batch(COUNT_CHUNK)).get_next()
    try:
        while True:
            got.append(sess.run(counted).reshape(-1))
    except tf.errors.OutOfRangeError:
        return None
    except tf.errors.OpError:
        pass
    one = partial_replay.replay_iterator(batches().skip(len(got) * COUNT_CHUNK)).get_next()
    try:
        while True:
            got.append(sess.run(one))
    except tf.errors.OutOfRangeError:
        return None
    except tf.errors.OpError as e:
        if accept is not None and not accept(e):
            return None
        return np.concatenate(got) if got else np.zeros([0], np.int64)


def _held(sess: Any, pick: Any, delivered: np.ndarray, accept: Any = None) -> list[list[Any]] | None:
    """The records read before the failure whose numbers are not in ``delivered``, in the order read;
    ``pick(keep)``: the records whose numbers ``keep`` keeps, each a tuple of its components."""
    last = int(delivered.max()) if delivered.size else -1
    missing = np.setdiff1d(np.arange(last + 1, dtype=np.int64), delivered)  # (at most what the buffer held)
    candidates = tf.constant(missing, tf.int64, shape=[missing.size])

    def kept(i: Any) -> Any:
        return tf.logical_or(i > last, tf.reduce_any(tf.equal(candidates, i)))

    one = partial_replay.replay_iterator(pick(kept)).get_next()
    held: list[list[Any]] = []
    try:
        while True:
            held.append(list(sess.run(one)))
    except tf.errors.OutOfRangeError:
        return None
    except tf.errors.OpError as e:
        return held if accept is None or accept(e) else None
