"""How a reader's direct reads of an input producer end (issue 16 item 6): at the end of the file names, and
at a file that cannot be opened. Same program under ``tensorflow.compat.v1`` and the drop-in: the records
before the end arrive, in order, then the same error type with legacy's message.

A missing file used to make a direct read with its key wait forever (the key's own read of the file retried
the open without end); the end of the names said ``End of sequence`` where legacy's reader gives its filename
queue's text."""

from __future__ import annotations

import re
import warnings
from typing import Any

import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge

LEGACY = tf.compat.v1
pytestmark = pytest.mark.timeout(120)
RECORDS = 4
END = re.compile(r"FIFOQueue '(_\d+_)?input_producer' is closed and has insufficient elements \(requested 1, current "
                 r"size 0\)")


@pytest.fixture(scope="module")
def paths(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("ends")
    out = []
    for f in range(2):
        path = str(root / f"f{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as w:
            for i in range(RECORDS):
                w.write(str(10 * f + i).encode())
        out.append(path)
    out.append(str(root / "missing.tfrecord"))
    return out


def read_all(tf1: Any, files: list[str], what: str) -> tuple[list[Any], tf.errors.OpError]:
    """Run the read (``what``: the value, the key and value, or ``read_up_to(3)``'s values) until it fails."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reader = tf1.TFRecordReader()
        if what == "read_up_to":
            fetch = reader.read_up_to(q, 3)[1]
        else:
            key, value = reader.read(q)
            fetch = [key, value] if what == "key_and_value" else value
        got = []
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            with pytest.raises(tf.errors.OpError) as raised:
                for _ in range(50):
                    got.append(sess.run(fetch))
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return got, raised.value


def values(got: list[Any], what: str) -> list[Any]:
    if what == "key_and_value":
        return [(k.decode().rsplit("/", 1)[-1], v) for k, v in got]
    return [v.tolist() if hasattr(v, "tolist") else v for v in got]


@pytest.mark.parametrize("what", ["value", "key_and_value", "read_up_to"])
def test_a_missing_file_ends_the_reads_with_legacys_error_after_every_record_before_it(paths, what):
    files = [paths[0], paths[2], paths[1]]
    legacy, ours = read_all(LEGACY, files, what), read_all(bridge, files, what)
    assert values(ours[0], what) == values(legacy[0], what)
    assert len(legacy[0]) == (RECORDS if what != "read_up_to" else 2)
    assert type(ours[1]) is type(legacy[1]) is tf.errors.NotFoundError
    assert f"{paths[2]}; No such file or directory" in ours[1].message
    assert f"{paths[2]}; No such file or directory" in legacy[1].message


@pytest.mark.parametrize("what", ["value", "key_and_value", "read_up_to"])
def test_the_end_of_the_file_names_gives_the_filename_queue_s_text(paths, what):
    legacy, ours = read_all(LEGACY, paths[:2], what), read_all(bridge, paths[:2], what)
    assert values(ours[0], what) == values(legacy[0], what)
    assert type(ours[1]) is type(legacy[1]) is tf.errors.OutOfRangeError
    assert END.search(legacy[1].message), legacy[1].message
    assert END.search(ours[1].message), ours[1].message
    assert "End of sequence" not in ours[1].message
