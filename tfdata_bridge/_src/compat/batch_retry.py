"""A vectorized batch that fails is retried element by element: what legacy delivered before the error
arrives, then the element's own error.

Legacy ran the ops after a read (``decode_csv``, ``parse_single_example``) once per record on a runner
thread: a bad record failed its own run, every record before it was already queued, and the consumer
got them (a short last batch with ``allow_smaller_final_batch``), then the error, naming that record.
The drop-in runs those ops once per *batch* (``graph_batch._vectorized``): one bad record failed the
whole batch, its good records were lost, and the error named the record's place in the batch.

A graph has no ``try``, and a per-batch guard inside tf.data (a nested dataset per batch) measured 2-4x
slower, so nothing is caught in tf.data. Instead each batch's raw records wait in a small table (a
``MutableHashTableOfTensors`` per component, the map function opens by ``shared_name``, as
``queue_reading`` opens queues; the key is the batch's number and its length in one) while its ops run,
and leave it once they succeeded: two table ops per batch and component, nothing per record. When the
consumer's ``sess.run`` fails with this pipeline's error, the drop-in ``Session`` (``session.py``) calls
``recover``: the batch left in the table (its ops failed; the map is ordered,
so every batch before it arrived) is decoded record by record with the same lifted ops until one
fails; the good ones are the batch ``sess.run`` returns (the run made again with the batch tensors
fed) where ``allow_smaller_final_batch`` lets a short batch through, and that record's error comes
next, as legacy's: through the ``Coordinator`` (the consumer sees ``OutOfRangeError``) or raised. Later
runs of the pipeline raise it again; the batches tf.data made after the bad one are never delivered
(legacy's runner had stopped at the bad record).

Where the error is not a record's (a read error before the batch was made, say), no batch waits in
the table, or each of its records decodes: the error is raised as it was.

Whatever the error, once a run met a lifted pipeline's error (it names the pipeline's ``get_next``), every
later run in that session that fetches the pipeline, or anything computed from it, raises the same
(``remember``, ``failed_before``): legacy's runner had stopped there, and what tf.data read past the error
is never delivered. A run already waiting inside the pipeline when another run meets the error can still
take one more batch. Reading again what legacy delivered before the error may itself fail: where the
session closed meanwhile, quietly; for any other reason with a ``RecoveryWarning`` naming the reason
(``_not_read_again``), never fewer elements in silence.
"""

from __future__ import annotations

import itertools
import logging
import threading
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat import kept_calls, partial_replay, pipelines, shuffle_replay
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.tf import plain, tf
from tfdata_bridge._src.warnings import RecoveryWarning

logger = logging.getLogger("tfdata_bridge")
tf1 = tf.compat.v1
_names = itertools.count()
_lock = threading.Lock()
_recovering = threading.RLock()  # (re-entered where the run made again with the short batch fails)
# graph -> {name of a pipeline's get_next op: its Retry}
_retries: GraphTable[dict[str, Retry]] = GraphTable("batch_retries")  # graph -> {get_next op name: its Retry}


class Retry:
    """One vectorized batch call's stash of raw batches and its record-by-record retry."""

    def __init__(self, specs: list[Any], batch_size: int, allow_smaller: bool, produce: Any, name: str,
                 scope: str) -> None:
        """``specs``: the ``TensorSpec`` of each raw record component (fully defined); ``produce``: the lifted
        ops for one record (``Lift.function(0)``); ``name``: the pipeline's, for messages."""
        self._specs = specs
        self._batch_size = batch_size
        self._allow_smaller = allow_smaller
        self._shared = f"tfdb_retry{next(_names)}_{scope.replace('/', '_') or 'batch'}"
        self.name = name
        self.tensors: list[Any] = []
        self._produce = produce
        self._scope = tf1.get_default_graph().get_name_scope()
        self._built = False

    def _build(self) -> None:
        """The retry's own ops, made at the first failure, not with the pipeline: they are 35 ops or so
        (a copy of the lifted ops among them) that only a failed batch runs, and building them cost about
        a twentieth of a file pipeline's CPU before its first batch. A graph finalized since (a
        ``MonitoredSession``'s) is opened for them, as ``shared_streams`` opens it for a read's dataset."""
        graph = self.tensors[0].graph
        with _lock:
            if self._built:
                return
            # (a name ending in "/" is the whole scope: the ops go where they went when built with the pipeline)
            with tf_private.unfinalized(graph), graph.as_default(), \
                    graph.name_scope(f"{self._scope}/retry/" if self._scope else "retry/"):
                self._key = tf1.placeholder(tf.int64, [], name="batch")
                self._at = tf1.placeholder(tf.int32, [], name="record")
                tables = self._tables()
                found = [tf.reshape(tf.raw_ops.LookupTableFindV2(
                    table_handle=t, keys=self._key, default_value=tf.zeros([self._size(s)], s.dtype)),
                    [self._batch_size] + s.shape.as_list()) for t, s in zip(tables, self._specs)]
                record = [tf.ensure_shape(f[self._at], s.shape) for f, s in zip(found, self._specs)]
                self._record = list(self._produce(*record))
                self._forget = [tf.raw_ops.LookupTableRemoveV2(table_handle=t, keys=[self._key]) for t in tables]
                self._keys = tf.raw_ops.LookupTableExportV2(table_handle=tables[0], Tkeys=tf.int64,
                                                            Tvalues=self._specs[0].dtype)[0]
            self._built = True

    def _tables(self) -> list[Any]:
        """Handles to the stash (one table per raw component), opened by name."""
        # (the kernel keeps a vector per key: a raw batch waits flattened, whatever its records' rank)
        return [tf.raw_ops.MutableHashTableOfTensorsV2(
            shared_name=f"{self._shared}_{i}", use_node_name_sharing=False, key_dtype=tf.int64,
            value_dtype=s.dtype, value_shape=[self._size(s)]) for i, s in enumerate(self._specs)]

    def _stash_key(self, index: Any, length: Any) -> Any:
        """The key a raw batch waits under: its number and its length in one (``index * (batch_size + 1) +
        length``), so no table of lengths is kept beside the records: the keys sort as the batches came, and
        ``_number_and_length`` takes them apart again."""
        return index * (self._batch_size + 1) + length

    def _number_and_length(self, key: int) -> tuple[int, int]:
        return divmod(key, self._batch_size + 1)

    def _size(self, spec: Any) -> int:
        """The length of one raw batch of component ``spec``, flattened."""
        return self._batch_size * spec.shape.num_elements()

    def stashed(self, per_batch: Any) -> Any:
        """``per_batch`` (a map function over a raw batch) taking ``(index, *raw components)``: the raw
        batch waits in the stash while ``per_batch`` runs and leaves it once ``per_batch`` succeeded."""

        def run(index: Any, element: Any) -> Any:
            components = element if isinstance(element, tuple) else (element,)
            tables = self._tables()
            # a batch of static size is always whole (drop_remainder): no length to take, nothing to pad
            # (about 10 ops fewer per component to trace before the first batch)
            whole = components[0].shape[:1].as_list() == [self._batch_size]
            n = tf.constant(self._batch_size, tf.int64) if whole else tf.shape(components[0], out_type=tf.int64)[0]
            keys = tf.reshape(self._stash_key(index, n), [1])
            paddings: dict[int, Any] = {}  # by rank: the padding of a short batch, made once (its length is n)
            puts = []
            for table, c in zip(tables, components):
                if not whole:
                    if c.shape.rank not in paddings:
                        paddings[c.shape.rank] = [[0, self._batch_size - n]] + [[0, 0]] * (c.shape.rank - 1)
                    c = tf.pad(c, paddings[c.shape.rank])
                puts.append(tf.raw_ops.LookupTableInsertV2(table_handle=table, keys=keys,
                                                           values=tf.reshape(c, [1, -1])))
            with tf.control_dependencies(puts):
                values = per_batch(*[tf.identity(c) for c in components])
            with tf.control_dependencies(tf.nest.flatten(values)):
                done = [tf.raw_ops.LookupTableRemoveV2(table_handle=t, keys=keys) for t in tables]
            with tf.control_dependencies(done):
                return tf.nest.map_structure(tf.identity, values)

        return plain(run)  # (through AutoGraph its loops cost a conversion before the first batch)

    def attach(self, tensors: list[Any]) -> None:
        """The pipeline's batch tensors (its ``get_next``): what ``recover`` feeds and knows it by."""
        self.tensors = list(tensors)
        with _lock:
            _retries.setdefault(tensors[0].graph, {})[tensors[0].op.name] = self

    # -- after a failed run
    def retry(self, sess: Any) -> tuple[list[Any], BaseException, int] | None:
        """The good records of the failed batch (each component stacked), the first bad record's error and
        the batch's number (how many came before it), or None where no record of a stashed batch fails
        (the error was not a record's)."""
        self._build()
        keys = sorted(int(k) for k in sess.run(self._keys))
        if not keys:
            return None
        key = keys[0]  # the map is ordered: every batch before the failed one arrived and left the stash
        number, length = self._number_and_length(key)
        good: list[list[Any]] = []
        error: BaseException | None = None
        for at in range(max(length, 0)):
            try:
                good.append(sess.run(self._record, {self._key: key, self._at: at}))
            except tf.errors.OpError as e:
                error = e
                break
        sess.run(self._forget, {self._key: key})
        if error is None:
            return None
        n = len(self.tensors)
        stacked = [np.stack([g[i] for g in good]) if good else None for i in range(n)]
        return stacked, error, number


def enabled(specs: list[Any]) -> bool:
    """Whether raw records of these component specs can wait in the stash (fully defined shapes)."""
    return bool(specs) and all(isinstance(s, tf.TensorSpec) and s.shape.is_fully_defined() for s in specs)


# -- the drop-in Session's side ---------------------------------------------------------------------------

_FAILED = "_tfdata_bridge_failed_batches"
_PENDING = "_tfdata_bridge_pending_batches"  # {get_next op name: batches still to deliver after its failure}


@dataclass(frozen=True)
class Pending:
    """What a run of a failed pipeline delivers before its error: the run made with these feeds of its
    batch tensors (the next batch of what a shuffle's buffer held, ``shuffle_replay.py``)."""

    feeds: dict[Any, Any]


def _next_pending(sess: Any, op_name: str) -> dict[Any, Any] | None:
    """The feeds of the next batch still to deliver for the pipeline of get_next op ``op_name``, taken, or
    None."""
    with _lock:
        tensors, left = sess.__dict__.get(_PENDING, {}).get(op_name, ((), None))
        return dict(zip(tensors, left.pop(0))) if left else None


def failed_before(sess: Any, fetches: Any) -> BaseException | Pending | None:
    """The error a run must raise because it fetches a pipeline that already failed in ``sess`` (its later
    batches are not delivered: legacy's runner had stopped), a ``Pending`` batch it delivers first (the
    run made with its feeds), or None (cheap while nothing failed). A fetch reads the pipeline where its
    op is the pipeline's ``get_next`` or depends on it (a batch tensor, an op computed from the batch, a
    runner's enqueue of it: ``runner_feed.py``; found once per fetch while the failed pipelines stay the same)."""
    failed = sess.__dict__.get(_FAILED)
    if not failed:
        return None
    try:
        flat = tf.nest.flatten(fetches)
    except (TypeError, ValueError):
        return None
    for fetch in flat:
        name = _failed_read(sess, fetch, failed)
        if name is not None:
            feeds = _next_pending(sess, name)
            return failed[name] if feeds is None else Pending(feeds)
    return None


_READS = "_tfdata_bridge_failed_reads"  # (the failed pipelines' names, {fetch's op name: the one it reads or None})


def _failed_read(sess: Any, fetch: Any, failed: dict[str, BaseException]) -> str | None:
    """The get_next op name of the failed pipeline (``failed``) that ``fetch`` reads, or None."""
    if isinstance(fetch, str):
        try:
            fetch = sess.graph.as_graph_element(fetch)
        except (KeyError, ValueError, TypeError):
            return None
    op = fetch if isinstance(fetch, tf1.Operation) else getattr(fetch, "op", None)
    if not isinstance(op, tf1.Operation):
        return None
    if op.name in failed:
        return op.name
    with _lock:
        names, cache = sess.__dict__.get(_READS, (None, None))
        if names != frozenset(failed):
            names, cache = frozenset(failed), {}
            sess.__dict__[_READS] = (names, cache)
        if op.name in cache:
            return cache[op.name]
    found, seen, stack = None, {op.name}, [op]
    while stack and found is None:  # (the ops it depends on, through data and control inputs)
        current = stack.pop()
        for up in [t.op for t in current.inputs] + list(current.control_inputs):
            if up.name in failed:
                found = up.name
                break
            if up.name not in seen:
                seen.add(up.name)
                stack.append(up)
    with _lock:
        cache[op.name] = found
    return found


def remember(sess: Any, error: Any, final: BaseException) -> None:
    """``error`` (a run's) came from lifted pipelines (it names their ``get_next`` ops): their later runs
    in ``sess`` raise ``final`` (what this run raised), as legacy's runner had stopped at its error and the
    ``Coordinator`` closed its queue. A run that fetches one of them (``failed_before``) gets no further
    batch of what tf.data read on after the error."""
    if isinstance(error, (tf.errors.OutOfRangeError, tf.errors.CancelledError)):
        return  # the end, or a closed session: no producer failed
    names = pipelines.failed_pipelines(error, list(pipelines.get_next_ops(sess.graph)))
    if names:
        with _lock:
            failed = sess.__dict__.setdefault(_FAILED, {})
            for name in names:
                failed.setdefault(name, final)


def recover(sess: Any, error: Any, run_with: Any) -> tuple[bool, Any]:
    """After ``error`` in a run: ``(True, result)`` where the failed batch's good records are
    delivered (``run_with(extra_feeds)`` makes the run again with the batch tensors fed), else
    ``(False, the error to raise)``."""
    if isinstance(error, (tf.errors.OutOfRangeError, tf.errors.CancelledError)):
        return False, error  # the end, or a closed session: no record failed
    with _recovering:  # two consumers of one pipeline meeting its error: one delivers the short batch
        return _recover(sess, error, run_with)


def _not_read_again(sess: Any, name: str, error: Any, why: BaseException) -> None:
    """What legacy delivered before ``error`` (pipeline ``name``'s) is not delivered, for ``why``: where the
    session closed meanwhile (or its runs were cancelled), as the consumer asked; anything else is not
    expected, and fewer elements than legacy's must not pass in silence: a ``RecoveryWarning`` with the
    reason (its traceback under ``logging.DEBUG``)."""
    if tf_private.session_closed(sess) or isinstance(why, tf.errors.CancelledError):
        logger.debug("%s: what arrived before its error is not delivered: the session closed (%s)", name, why)
        return
    logger.debug("%s: what arrived before its error could not be read again", name, exc_info=why)
    warnings.warn(RecoveryWarning(
        f"{name}: what legacy delivered before its error ({type(error).__name__}: the short batch, or what a "
        f"shuffle held) could not be read again, so fewer elements arrived than legacy's; the error follows "
        f"as it came. Reason: {type(why).__name__}: {why}"), stacklevel=2)


def _recover(sess: Any, error: Any, run_with: Any) -> tuple[bool, Any]:
    with _lock:
        ours = dict(_retries.get(sess.graph, {}))
    names = pipelines.failed_pipelines(error, list(ours))
    outcome = None
    if names:
        retry = ours[names[-1]]
        try:
            outcome = retry.retry(sess)
        except Exception as e:  # noqa: BLE001 - the error stands as it came; why, told (_not_read_again)
            _not_read_again(sess, retry.name, error, e)
            return False, error
    later: list[list[Any]] = []  # batches delivered by the runs after this one (shuffle_replay.py)
    if outcome is not None:
        good, record_error = outcome[:2]
        name, tensors, allow_smaller = retry.name, retry.tensors, retry._allow_smaller
        replay = partial_replay.failed(sess.graph, error)
        if replay is not None and replay.shuffle is not None:  # not the failed batch's order: the read's
            try:
                batches = shuffle_replay.lost_batches(replay, sess, failed_batch=outcome[2])
            except Exception as e:  # noqa: BLE001 - the retry's batch stands; why, told (_not_read_again)
                _not_read_again(sess, name, error, e)
                batches = None
            if batches is not None:
                good, later, allow_smaller = (batches[0] if batches else [None]), batches[1:], True
    else:  # no batch of its ops failed: the records themselves did (a file, a record, a per-record op)
        replay = partial_replay.failed(sess.graph, error)
        if replay is None:
            return False, error
        name, tensors, allow_smaller = replay.name, list(replay.tensors), True
        already = sess.__dict__.get(_FAILED, {}).get(tensors[0].op.name)
        if already is not None:  # another consumer met it first: what it left, then its error
            feeds = _next_pending(sess, tensors[0].op.name)
            return (True, run_with(feeds)) if feeds is not None else (False, already)
        try:
            if replay.shuffle is not None:  # what the shuffle buffer held, in batches
                batches = shuffle_replay.lost_batches(replay, sess, error=error)
            else:
                short = replay.partial(sess, error)
                batches = None if short is None else [short] if short else []
        except Exception as e:  # noqa: BLE001 - the error stands as it came; why, told (_not_read_again)
            _not_read_again(sess, replay.name, error, e)
            return False, error
        if batches is None:
            missing = getattr(replay.records, "missing", None)
            if missing:  # (no call a read again needs is dropped: kept_calls.py; were one, it is told)
                _not_read_again(sess, replay.name, error, kept_calls.Missing(
                    f"the Python op calls of records {missing[:5]} are no longer kept"))
            return False, error
        good, record_error, later = (batches[0] if batches else [None]), error, batches[1:]
    delivered, result = False, None
    if good[0] is not None and allow_smaller:
        # before the Coordinator hears of the error: a runner's short chunk goes into its queue before the
        # Coordinator's stop cancels that queue (runner_feed.py)
        try:
            delivered, result = True, run_with(dict(zip(tensors, good)))
        except tf.errors.OpError as e:  # a closed session, say: the short batch is not delivered
            _not_read_again(sess, name, error, e)
            later = []
    if later:
        with _lock:
            sess.__dict__.setdefault(_PENDING, {})[tensors[0].op.name] = (list(tensors), later)
    final = pipelines.producer_failed(sess, record_error, name)
    sess.__dict__.setdefault(_FAILED, {})[tensors[0].op.name] = final
    return (True, result) if delivered else (False, final)
