"""The records of one file, as each legacy reader reads them, as a native tf.data dataset of
``(key, value)`` pairs with the legacy key strings:

| reader | dataset | key |
|---|---|---|
| ``TFRecordReader(options)`` | ``TFRecordDataset(file, compression_type)`` | ``file:<byte offset of the record>`` |
| ``TextLineReader(skip_header_lines)`` | ``TextLineDataset(file).skip(n)`` | ``file:<line number, from 1>`` |
| ``FixedLengthRecordReader`` | slices of ``read_file`` (``decode_compressed`` for GZIP / ZLIB) | ``file:<record index, from 0>`` |
| ``WholeFileReader`` | ``read_file(file)`` | ``file`` |
| ``IdentityReader`` | the work string itself | the work string |

The key is formatted only where some op reads it (``with_keys``); otherwise the dataset is of the
values alone, so a pipeline that drops the key pays nothing for it. Keys are formatted ``KEY_CHUNK`` at a
time (a map call per record costs about ten times the read) on a stream of their own, zipped with the
records: a record that fails to read (a bad CRC, a truncated file) fails in the records' stream, after
every good record before it has come out with its key, as from the legacy reader. The offsets of a
TFRecord file are those of the uncompressed stream (8-byte length, 4-byte CRC, data, 4-byte CRC per
record), as the legacy reader counts them, also for GZIP and ZLIB files; they come from a second read of
the file that stops quietly at a bad record after the first (``ignore_errors``), so the keys stream never
fails first; a file that cannot be opened (or whose first record is bad) fails in both at once, with the
same error.

``FixedLengthRecordReader`` keeps the legacy reader's rule, which ``FixedLengthRecordDataset`` does not:
after ``header_bytes``, record ``k`` starts at ``k * hop_bytes`` (``record_bytes`` without a hop) and exists
while it and ``footer_bytes`` more fit in the file; bytes after the last such record are ignored. The
whole file is read at once (``FixedLengthRecordDataset`` refuses a body that is not an exact multiple of
``record_bytes``, and TensorFlow has no native op for a file's size to cut it first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.tf import plain, tf

TFRECORD_FRAMING = 16  # bytes around each record's data: length (8), its CRC (4), the data's CRC (4)
KEY_CHUNK = 256  # records whose keys are formatted in one go
ENDLESS = 2**63 - 1


@dataclass(frozen=True)
class ReaderConfig:
    """What a legacy reader was built with."""

    kind: str  # "TFRecordReader", "TextLineReader", "FixedLengthRecordReader", "WholeFileReader", "IdentityReader"
    compression: str = ""  # TFRecordReader / FixedLengthRecordReader: "", "GZIP", "ZLIB"
    skip_header_lines: int = 0
    record_bytes: int = 0
    header_bytes: int = 0
    footer_bytes: int = 0
    hop_bytes: int = 0


def records(config: ReaderConfig, filename: Any, with_keys: bool) -> Any:
    """The ``(key, value)`` records of ``filename`` (a scalar string tensor) as ``config``'s reader reads
    them; without ``with_keys``, the values alone."""
    kind = config.kind
    if kind == "WholeFileReader":
        contents = tf.io.read_file(filename)
        return tf.data.Dataset.from_tensors((filename, contents) if with_keys else contents)
    if kind == "IdentityReader":
        return tf.data.Dataset.from_tensors((filename, filename) if with_keys else filename)
    if kind == "TFRecordReader":
        values = tf_private.one_file_records("TFRecord", filename, config.compression)
        return _keyed(_offset_keys(config, filename), values) if with_keys else values
    if kind == "TextLineReader":
        values = tf_private.one_file_records("TextLine", filename)
        if config.skip_header_lines:
            values = values.skip(config.skip_header_lines)
        return _keyed(_numbered_keys(filename, 1 + config.skip_header_lines), values) if with_keys else values
    if kind == "FixedLengthRecordReader":
        values = _fixed_length(config, filename)
        return _keyed(_numbered_keys(filename, 0), values) if with_keys else values
    raise ValueError(f"no tf.data source for reader kind {kind!r}")


def _keyed(keys: Any, values: Any) -> Any:
    """``(key, value)`` pairs: ``keys`` is endless, so ``values`` alone decides where the pairs end, and an
    error reading a value arrives after every record before it."""
    return tf.data.Dataset.zip((keys, values))


def _format(filename: Any, numbers: Any) -> Any:
    return tf.strings.join([filename, tf.strings.as_string(numbers)], separator=":")


def _numbered_keys(filename: Any, first: int) -> Any:
    """The endless keys ``filename:<n>``, ``n`` counting from ``first``."""
    numbers = tf.data.Dataset.range(first, ENDLESS).batch(KEY_CHUNK)
    return tf_private.unbatch(numbers.map(plain(lambda chunk: _format(filename, chunk))))


def _offset_keys(config: ReaderConfig, filename: Any) -> Any:
    """The keys ``filename:<offset>`` of a TFRecord file's records, from a read of its own that ends
    quietly at the first record that fails (the records' own read raises that error), then endless
    ``filename:?`` that no record takes."""

    def offsets(start: Any, chunk: Any) -> tuple[Any, Any]:
        sizes = tf.cast(tf.strings.length(chunk), tf.int64) + TFRECORD_FRAMING
        return start + tf.reduce_sum(sizes), _format(filename, start + tf.math.cumsum(sizes, exclusive=True))

    # the first record read plainly: a file that cannot be opened fails here as in the records' read (under
    # ignore_errors its open would be retried forever, and the zip asks for a key before the value)
    first = tf_private.one_file_records("TFRecord", filename, config.compression).take(1)
    rest = tf_private.one_file_records("TFRecord", filename, config.compression).skip(1).ignore_errors()
    sizes = first.concatenate(rest)
    keys = tf_private.unbatch(sizes.batch(KEY_CHUNK).scan(tf.constant(0, tf.int64), plain(offsets)))
    return keys.concatenate(tf.data.Dataset.from_tensors(tf.strings.join([filename, ":?"])).repeat())


def _fixed_length(config: ReaderConfig, filename: Any) -> Any:
    """The records of a ``FixedLengthRecordReader`` (the module docstring gives the rule), cut from the
    whole (decompressed) file by one ``substr``."""
    contents = tf.io.read_file(filename)
    if config.compression:
        contents = tf.io.decode_compressed(contents, compression_type=config.compression)
    stride = config.hop_bytes or config.record_bytes
    room = tf.cast(tf.strings.length(contents), tf.int64) - (
        config.header_bytes + config.record_bytes + config.footer_bytes)
    count = tf.where(room < 0, tf.constant(0, tf.int64), tf.math.floordiv(room, stride) + 1)
    starts = config.header_bytes + tf.range(count, dtype=tf.int64) * stride
    pieces = tf.strings.substr(contents, starts, tf.fill(tf.shape(starts), tf.constant(config.record_bytes, tf.int64)))
    return tf.data.Dataset.from_tensor_slices(pieces)
