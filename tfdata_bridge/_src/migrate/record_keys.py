"""The record key a legacy reader made (``key, value = reader.read(queue)``), made again in tf.data.

Each reader kernel writes its key in one format (read on TensorFlow 2.21's legacy readers, and pinned by
``tests/migrate/test_record_keys.py`` against them):

- ``TFRecordReader``: ``"<file>:<byte offset of the record>"``; a record takes 8 (length) + 4 (its CRC) + its
  bytes + 4 (their CRC), so the offsets are a running sum (``scan``). Under compression the offset counts the
  uncompressed stream; compression comes through ``options=``, which the rewrite refuses anyway.
- ``TextLineReader``: ``"<file>:<line number>"``, from 1, the skipped header lines counted.
- ``FixedLengthRecordReader``: ``"<file>:<record index>"``, from 0, the header not counted.
- ``WholeFileReader``: the file name (``generate.py`` maps the name to the file's contents).
- ``IdentityReader``: the work string, which is also its value (``identity.py``).

The key is made per file, so the reading function takes one file name and returns ``(key, value)``.
"""

from __future__ import annotations

KEYED_READERS = frozenset({"TFRecordReader", "TextLineReader", "FixedLengthRecordReader", "WholeFileReader",
                           "IdentityReader"})  # (IdentityReader: the work string, as its value: identity.py)


def keyed_read(kind: str, dataset: str, skip: str | None, v1: str) -> str:
    """A ``lambda filename: ...`` reading one file as ``(key, value)`` records, as the legacy reader ``kind``
    keyed them. ``dataset``: the reader's dataset over ``filename`` (code); ``skip``: a TextLineReader's
    ``skip_header_lines`` (code), or None."""
    def key(n: str) -> str:
        return f'{v1}.strings.join([filename, {v1}.strings.as_string({n})], separator=":")'

    if kind == "TFRecordReader":
        return (f"lambda filename: {dataset}.scan({v1}.constant(0, {v1}.int64), lambda offset, record: ("
                f"offset + 16 + {v1}.cast({v1}.strings.length(record), {v1}.int64), ({key('offset')}, record)))")
    if kind == "TextLineReader":
        skipped = f".skip({skip})" if skip is not None else ""
        return f"lambda filename: {dataset}.enumerate(1){skipped}.map(lambda n, line: ({key('n')}, line))"
    if kind == "FixedLengthRecordReader":
        return f"lambda filename: {dataset}.enumerate().map(lambda n, record: ({key('n')}, record))"
    raise ValueError(f"reader {kind!r} has no key format the rewrite knows; one of {sorted(KEYED_READERS)}")
