"""The records of one file, as each legacy reader reads them, as a native tf.data dataset of
``(key, value)`` pairs with the legacy key strings:

| reader | dataset | key |
|---|---|---|
| ``TFRecordReader(options)`` | ``TFRecordDataset(file, compression_type)`` | ``file:<byte offset of the record>`` |
| ``TextLineReader(skip_header_lines)`` | ``TextLineDataset(file).skip(n)`` | ``file:<line number, from 1>`` |
| ``FixedLengthRecordReader`` | ``FixedLengthRecordDataset`` (``hop_bytes``: slices of ``read_file``) | ``file:<record index, from 0>`` |
| ``WholeFileReader`` | ``read_file(file)`` | ``file`` |
| ``IdentityReader`` | the work string itself | the work string |

The key is formatted only where some op reads it (``with_keys``); otherwise the dataset is of the
values alone, so a pipeline that drops the key pays nothing for it. The offsets of a TFRecord file are those of
the uncompressed stream (8-byte length, 4-byte CRC, data, 4-byte CRC per record), as the legacy
reader counts them, also for GZIP and ZLIB files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src.tf import tf

TFRECORD_FRAMING = 16  # bytes around each record's data: length (8), its CRC (4), the data's CRC (4)
KEY_CHUNK = 256  # records whose keys are formatted in one go


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
        values = tf.data.TFRecordDataset(filename, compression_type=config.compression)
        if not with_keys:
            return values

        def offset_keys(offset: Any, chunk: Any) -> tuple[Any, Any]:
            sizes = tf.cast(tf.strings.length(chunk), tf.int64) + TFRECORD_FRAMING
            starts = offset + tf.math.cumsum(sizes, exclusive=True)
            return offset + tf.reduce_sum(sizes), (_keys(filename, starts), chunk)

        return values.batch(KEY_CHUNK).scan(tf.constant(0, tf.int64), offset_keys).unbatch()
    if kind == "TextLineReader":
        values = tf.data.TextLineDataset(filename)
        first = 1
        if config.skip_header_lines:
            values = values.skip(config.skip_header_lines)
            first += config.skip_header_lines
        return _numbered(values, filename, first, with_keys)
    if kind == "FixedLengthRecordReader":
        if config.hop_bytes:
            values = _hopped(config, filename)
        else:
            values = tf.data.FixedLengthRecordDataset(
                filename, config.record_bytes, header_bytes=config.header_bytes or None,
                footer_bytes=config.footer_bytes or None, compression_type=config.compression)
        return _numbered(values, filename, 0, with_keys)
    raise ValueError(f"no tf.data source for reader kind {kind!r}")


def _keys(filename: Any, numbers: Any) -> Any:
    return tf.strings.join([filename, tf.strings.as_string(numbers)], separator=":")


def _numbered(values: Any, filename: Any, first: int, with_keys: bool) -> Any:
    """``values`` with keys ``filename:<n>``, ``n`` counting from ``first``; formatted a chunk at a time
    (one map call per ``KEY_CHUNK`` records, not per record)."""
    if not with_keys:
        return values

    def keyed(start: Any, chunk: Any) -> tuple[Any, Any]:
        count = tf.cast(tf.shape(chunk)[0], tf.int64)
        return start + count, (_keys(filename, tf.range(start, start + count)), chunk)

    return values.batch(KEY_CHUNK).scan(tf.constant(first, tf.int64), keyed).unbatch()


def _hopped(config: ReaderConfig, filename: Any) -> Any:
    """Records of ``record_bytes`` starting every ``hop_bytes`` after the header, up to the footer
    (overlapping when ``hop_bytes < record_bytes``): slices of the whole file, which
    ``FixedLengthRecordDataset`` cannot cut."""
    contents = tf.io.read_file(filename)
    end = tf.cast(tf.strings.length(contents), tf.int64) - config.footer_bytes
    span = end - config.header_bytes - config.record_bytes
    count = tf.maximum(tf.constant(0, tf.int64), tf.math.floordiv(span, config.hop_bytes) + 1)
    count = tf.where(span < 0, tf.constant(0, tf.int64), count)
    starts = config.header_bytes + tf.range(count, dtype=tf.int64) * config.hop_bytes
    pieces = tf.strings.substr(contents, tf.cast(starts, tf.int32), tf.fill(tf.shape(starts), config.record_bytes))
    return tf.data.Dataset.from_tensor_slices(pieces)
