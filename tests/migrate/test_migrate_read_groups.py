"""A reader's records used with no batch after them (``read_groups.py``): ``read_up_to`` groups returned by an
``input_fn``, or ``read`` run record by record. Before, the producer and reader were left ("not part of a
pipeline the rewrite recognises"). A group never spans two files (TensorFlow's ``ReaderBase::ReadUpTo``
returns what it has when a file ends), so each file's records are batched inside the interleave; the programs
in ``read_group_programs/`` check the group sizes against legacy (a CSV with a header, fixed-length records over
two epochs in a class, TFRecords one record a run).
"""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from tfdata_bridge.migrate import rewrite, scan_source

PROGRAMS = pathlib.Path(__file__).resolve().parent / "read_group_programs"
NAMES = sorted(p.stem for p in PROGRAMS.glob("*.py"))

_SOURCE = textwrap.dedent('''\
    import tensorflow.compat.v1 as tf

    def rows(files):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reader = {reader}
        key, value = reader.read_up_to(queue, 16)
        {extra}
        return tf.decode_csv(value, [[0], [0.0]])
    ''')


def test_the_groups_are_each_files_records_n_at_a_time():
    result = rewrite(_SOURCE.format(reader="tf.TextLineReader(skip_header_lines=1)", extra="pass"), to="tfdata")
    assert not result.refused, result.notes
    assert (".interleave(tf.autograph.experimental.do_not_convert(lambda filename: "
            "(tf.data.TextLineDataset(filename).skip(1)).batch(16)), cycle_length=1)") in result.code
    assert "value = tf.data.make_one_shot_iterator(" in result.code and not scan_source(result.code)
    assert "tf.decode_csv(value" in result.code  # the ops after the read stay, run on each group


@pytest.mark.parametrize("reader, extra", [
    ("tf.WholeFileReader()", "pass"),                       # one file a run: no group of records
    ("tf.TextLineReader()", "tf.logging.info(key)"),         # the key (file:line) has no tf.data source
    ("tf.TextLineReader()", "tf.logging.info(queue.size())"),  # the producer is used beyond the read
    # a legacy batch left in the module would consume what the iterator gives: nothing is rewritten
    ("tf.TextLineReader()", "other = tf.train.batch([tf.constant(1)], 2, shapes=[[]])"),
])
def test_a_read_it_cannot_rewrite_is_left(reader, extra):
    source = _SOURCE.format(reader=reader, extra=extra)
    result = rewrite(source, to="tfdata")
    assert "read_up_to(queue, 16)" in result.code and result.refused, result.code
