"""A reader's records used with no batch after them (``read_groups.py``): ``read_up_to`` groups returned by an
``input_fn``, or ``read`` run record by record. Before, the producer and reader were left ("not part of a
pipeline the rewrite recognises"). A group never spans two files (TensorFlow's ``ReaderBase::ReadUpTo``
returns what it has when a file ends), so each file's records are batched inside the interleave; the programs
in ``read_group_programs/`` check the group sizes against legacy (a CSV with a header, fixed-length records over
two epochs in a class, TFRecords one record a run).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from tfdata_bridge.migrate import rewrite, scan_source

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "legacy_programs" / "run_programs.py"
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
    assert ".interleave(lambda filename: (tf.data.TextLineDataset(filename).skip(1)).batch(16), cycle_length=1)" \
        in result.code
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


@pytest.mark.timeout(300)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    paths: dict[str, list[str]] = {}
    for kind in ("original", "migrated"):
        (tmp_path / kind).mkdir()
        for name in NAMES:
            text = (PROGRAMS / f"{name}.py").read_text()
            code = text if kind == "original" else rewrite(text, to="tfdata").code
            assert kind == "original" or not scan_source(code), name
            path = tmp_path / kind / f"{name}.py"
            path.write_text(code)
            paths.setdefault(kind, []).append(str(path))
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, str(RUNNER), "--make-data", str(tmp_path / "data"),
                           *paths["original"], *paths["migrated"]], capture_output=True, text=True, env=env,
                          timeout=280)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    for name in NAMES:
        want = results[str(tmp_path / "original" / f"{name}.py")]
        got = results[str(tmp_path / "migrated" / f"{name}.py")]
        assert "error" not in want and "error" not in got, (name, want, got)
        assert want["end"] == got["end"] == "OutOfRangeError", name
        assert len(want["batches"]) > 2 and got["batches"] == want["batches"], name
