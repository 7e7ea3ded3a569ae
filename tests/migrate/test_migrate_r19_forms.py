"""Held-out round 19's leftovers (issue 17): readers read in lockstep from helpers (``stateful_captures.py``,
``inline_sources.py``), ``tf.IdentityReader`` (``identity.py``) and TensorFlow imports the rewrite emptied.

The programs of ``r19_forms_programs/`` (helpers in the same and in another module, one helper called twice,
three readers, a class, several import styles) are migrated as one tree and run against their originals. Those
of ``r19_left_programs/`` must be left with the reason (a reader of another module's helper read in lockstep
with the batch's own source: zipping it is not done, and a dataset cannot capture it), and still run with the
originals' data. The text tests say what is refused, and why."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r19_forms_programs"
LEFT = HERE / "r19_left_programs"
# each program's rewrite holds this line (per form, by its name's prefix)
MARKS = {"lock": "Dataset.zip(", "ident": "Dataset.from_tensor_slices(", "imports": "TextLineDataset("}
# multi-threaded or shuffled: compared as the batches' sizes and their rows as a multiset
MULTISET = {"ident_compat_shuffled"}


def _notes(result) -> str:
    return " ".join(n.message for n in result.notes)


@pytest.mark.timeout(500)
def test_the_r19_programs_deliver_what_their_originals_deliver_and_the_left_ones_still_run(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 5
    for p in programs:
        assert MARKS[p.stem.split("_")[0]] in code[p.name], p.name
        assert "IdentityReader(" not in code[p.name] and "get_next()" in code[p.name], p.name
    assert "IdentityReader(" not in code["identity_lib.py"]
    imports = code["imports_plumbing_internal_modules.py"]  # the plumbing's imports went with it, the unused one stays
    for gone in ("coordinator", "queue_runner_impl", "qr_lib", "tf_input", "io_ops"):
        assert f"{gone}" not in imports, gone
    assert "from tensorflow.python.ops import string_ops" in imports and "import Coordinator  #" in imports
    pairs = {p.stem: (p, migrated / p.name) for p in programs}

    left_original, left_migrated = tmp_path / "left_original", tmp_path / "left_migrated"
    shutil.copytree(LEFT, left_original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(left_original.rglob("*.py"))}
    rewritten = rewrite_tree(sources, root=str(left_original))
    results = {pathlib.Path(k).name: r for k, r in rewritten.items()}
    for name in ("lock_both_helpers_other_module.py", "lock_tfrecord_text_other_module.py"):
        assert results[name].refused, (name, results[name].notes)
        assert "Dataset.zip(" not in results[name].code, name
    assert "reads `pixels`, the next element of another pipeline" in _notes(results["lock_both_helpers_other_module.py"])
    assert "read directly" in _notes(results["lock_tfrecord_text_other_module.py"])
    for path, result in rewritten.items():
        out = left_migrated / pathlib.Path(path).relative_to(left_original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
    pairs.update({f"left_{p.stem}": (p, left_migrated / p.name) for p in sorted(left_original.glob("*.py"))})

    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in MULTISET else "exact")


LOCKSTEP = '''\
import tensorflow.compat.v1 as tf


def read_a(path):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle={shuffle})
    _, line = tf.TextLineReader().read(queue)
    return tf.strings.to_number(line)


def read_b(path):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, raw = tf.FixedLengthRecordReader(record_bytes=4).read(queue)
    return tf.decode_raw(raw, tf.int32)[0]


def main(a, b):
    x = read_a(a)
    y = read_b(b)
    return tf.train.batch([x, y], batch_size=4, num_threads={threads})
'''


def test_lockstep_readers_in_helpers_become_a_zip_only_where_legacy_pairs_them_exactly():
    result = rewrite(LOCKSTEP.format(shuffle=False, threads=1), to="tfdata")
    assert not result.refused and "Dataset.zip(" in result.code, result.notes
    assert "make_one_shot_iterator" in result.code and result.code.count("get_next()") == 1, result.code
    # a producer of one file shuffles nothing; more threads pair by a race, whose promise the zip keeps (in_step.py)
    for shuffle, threads in ((True, 1), (False, 2)):
        result = rewrite(LOCKSTEP.format(shuffle=shuffle, threads=threads), to="tfdata")
        assert not result.refused and "Dataset.zip(" in result.code, (shuffle, threads, result.notes)
    # a shuffled producer of several files pairs by the positions of two independent shuffles
    result = rewrite(LOCKSTEP.format(shuffle=True, threads=1).replace("[path], num_epochs=1, shuffle=True",
                                                                      "[path, path], num_epochs=1, shuffle=True"),
                     to="tfdata")
    assert result.refused and "get_next()" not in result.code and "Dataset.zip(" not in result.code


IDENTITY = '''\
import tensorflow.compat.v1 as tf


def main(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.IdentityReader()
    {read}
    batch = tf.train.batch([value], batch_size=2{many})
    {after}
    return batch
'''


def test_an_identity_reader_s_groups_and_counters_are_refused_its_plain_read_rewritten():
    result = rewrite(IDENTITY.format(read="key, value = reader.read(queue)", many="", after="pass"), to="tfdata")
    assert not result.refused and "IdentityReader(" not in result.code, result.notes
    assert "read_file" not in result.code and "Dataset.from_tensor_slices(paths)" in result.code
    result = rewrite(IDENTITY.format(read="keys, value = reader.read_up_to(queue, 3)", many=", enqueue_many=True",
                                     after="pass"), to="tfdata")
    assert result.refused and "IdentityReader.read_up_to" in _notes(result), result.notes
    result = rewrite(IDENTITY.format(read="_, value = reader.read(queue)", many="",
                                     after="produced = reader.num_records_produced()"), to="tfdata")
    assert result.refused and "IdentityReader" in result.code, result.notes


PLUMBED = '''\
import tensorflow.compat.v1 as tf
{imports}


def main(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, value = tf.TFRecordReader().read(queue)
    batch = tf.train.batch([value], batch_size=4)
    with tf.Session() as sess:
        coord = {coord}
        threads = {start}(sess=sess, coord=coord)
        try:
            while True:
                sess.run(batch)
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
{more}
'''


def test_a_tensorflow_import_goes_only_where_the_rewrite_removed_its_every_use():
    forms = [("from tensorflow.compat.v1.train import Coordinator, start_queue_runners", "Coordinator()",
              "start_queue_runners", "from tensorflow.compat.v1.train import"),
             ("import tensorflow.python.training.coordinator as coord_lib\n"
              "from tensorflow.python.training.queue_runner_impl import start_queue_runners as start",
              "coord_lib.Coordinator()", "start", "coord_lib")]
    for imports, coord, start, gone in forms:
        result = rewrite(PLUMBED.format(imports=imports, coord=coord, start=start, more=""), to="tfdata")
        assert not result.refused and gone not in result.code, (imports, result.code)
        # still used elsewhere: kept
        more = f"\n\ndef helper():\n    return {coord}\n"
        result = rewrite(PLUMBED.format(imports=imports, coord=coord, start=start, more=more), to="tfdata")
        assert not result.refused and gone in result.code, (imports, result.code)


HEADER = '''\
import struct
import tensorflow.compat.v1 as tf


def header_count(path):
    handle = open(path, "rb")
    return struct.unpack(">I", handle.read(4))[0]


def main(path):
    count = header_count(path)
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, raw = tf.FixedLengthRecordReader(record_bytes=4, header_bytes=4).read(queue)
    value = tf.decode_raw(raw, tf.int32)[0] + count
    return tf.train.batch([value], batch_size=2)
'''


def test_a_python_file_read_captured_by_the_per_element_code_is_no_pipeline_s_element():
    result = rewrite(HEADER, to="tfdata")
    assert not result.refused and "FixedLengthRecordDataset" in result.code, result.notes
