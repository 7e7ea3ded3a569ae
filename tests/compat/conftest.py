"""Fixtures several compat test modules share."""

from __future__ import annotations

import pytest
import tensorflow as tf


@pytest.fixture(scope="module")
def ten_records_in_two_files(tmp_path_factory):
    """Two TFRecord files of five records each, ``b"0"`` .. ``b"9"`` in order."""
    root = tmp_path_factory.mktemp("records")
    out = []
    for i in range(2):
        path = str(root / f"f{i}.tfrecord")
        with tf.io.TFRecordWriter(path) as w:
            for j in range(5):
                w.write(b"%d" % (i * 5 + j))
        out.append(path)
    return out
