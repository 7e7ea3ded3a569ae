"""How many records a reader's known files hold, counted before the graph runs, where they are few.

A batch whose per-record ops have a batched form runs them once per batch (``graph_batch._vectorized``):
``parse_single_example`` becomes ``parse_example``, ``decode_csv`` decodes the whole batch. That costs a
trace through TensorFlow's vectorizer and the record-by-record retry's stage (``batch_retry``) before the
first batch: 55-65 ms of CPU on round 22's programs, where running the ops per record costs some
10-20 µs a record more. A program reading a few hundred records (a test, an evaluation over a small
file, a notebook) paid more for the vectorizing than it saved. So where a reader's files are a known
list (a constant given to an input producer, shuffled or not), read for a known number of epochs, and
together hold at most ``VECTORIZE_MIN_RECORDS`` records, the ops run per record (the same values: both
forms are exact). The files are counted from their bytes (a TFRecord's length headers, a text file's line
ends), only where they are uncompressed and hold ``COUNT_MAX_BYTES`` at most in all; anything else (a
file missing, a remote one that cannot be read, more bytes) is "not known to be few", and the batch is
vectorized as before. Counting never changes what is read, only how the ops run.
"""

from __future__ import annotations

import logging
import struct
from typing import Any

logger = logging.getLogger("tfdata_bridge")

# below this many records in all (every epoch), a batch's ops run per record: vectorizing cost 55-65 ms of
# CPU before the first batch and saves some 10-20 µs a record (break-even near 3,000-6,000 records)
VECTORIZE_MIN_RECORDS = 2048
COUNT_MAX_BYTES = 1 << 20  # files read to count their records, at most, in all


def at_most(kind: str, names: list[Any], epochs: int, limit: int | None = None) -> bool:
    """Whether ``epochs`` passes over the files ``names`` (a ``TFRecordReader``'s uncompressed or a
    ``TextLineReader``'s) give at most ``limit`` (``VECTORIZE_MIN_RECORDS``) records in all, counted now;
    False where not known."""
    limit = VECTORIZE_MIN_RECORDS if limit is None else limit
    if epochs < 1 or not names or limit < 1:
        return False
    from tfdata_bridge._src.tf import tf  # (the module imports without TensorFlow: tests set its limit)

    try:
        paths = [n.decode() if isinstance(n, bytes) else str(n) for n in names]
        if sum(tf.io.gfile.stat(p).length for p in set(paths)) > COUNT_MAX_BYTES:
            return False
        total = 0
        for path in paths:
            with tf.io.gfile.GFile(path, "rb") as f:
                data = f.read()
            count = _tfrecords(data) if kind == "TFRecordReader" else _lines(data)
            if count is None:
                return False
            total += count * epochs
            if total > limit:
                return False
        return True
    except Exception as e:  # noqa: BLE001 - not known to be few: the batch is vectorized as before
        logger.debug("tfdata_bridge: the records of %d files not counted (%s)", len(names), e)
        return False


def _tfrecords(data: bytes) -> int | None:
    """The records of a TFRecord file's bytes (length, its CRC, the data, its CRC), None where they do not
    frame exactly (a corrupt file: the reader's error comes as before)."""
    count = position = 0
    while position < len(data):
        if position + 12 > len(data):
            return None
        (length,) = struct.unpack_from("<Q", data, position)
        position += 16 + length
        count += 1
    return count if position == len(data) else None


def _lines(data: bytes) -> int:
    """The lines of a text file's bytes, as ``TextLineReader`` reads them (a last line without its end too)."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
