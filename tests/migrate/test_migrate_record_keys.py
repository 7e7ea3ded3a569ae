"""A reader's record key, used, made again in tf.data in legacy's format (issue 17, held-out round 8:
``shuffle_join_readers``; ``record_keys.py``).

Legacy's keys, read on its kernels: ``TFRecordReader`` "<file>:<byte offset>", ``TextLineReader``
"<file>:<line number>" from 1 with the skipped header lines counted, ``FixedLengthRecordReader``
"<file>:<record index>" from 0. Each program below batches its keys with its values and is run both ways;
the batches must be equal, keys included. Variants: the three readers, import styles, a reader made inline
or named, read in the function, in a same-module helper, in another module's helper; what stays refused.
"""

from __future__ import annotations

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source

IMPORTS = {
    "v1_as_tf": ("import tensorflow.compat.v1 as tf", "tf"),
    "from_compat": ("from tensorflow.compat import v1 as tf1", "tf1"),
    "tf2_compat_calls": ("import tensorflow as tf", "tf.compat.v1"),
}

READS = {  # (files, the reader made, how its value is shown)
    "tfrecord": ('["records-0.tfrecord", "records-1.tfrecord"]', "{tf}.TFRecordReader()", "len(v)"),
    "csv_header": ('["table-0.csv", "table-1.csv"]', "{tf}.TextLineReader(skip_header_lines=1)", "v.decode()"),
    "csv": ('["table-2.csv"]', "{tf}.TextLineReader()", "v.decode()"),
    "fixed": ('["fixed-0.bin", "fixed-1.bin"]', "{tf}.FixedLengthRecordReader(8, header_bytes=4)", "list(v)"),
}

MAIN = '''\
import os
{imp}
{helper}

def main(data_dir):
    files = [os.path.join(data_dir, f) for f in {files}]
    queue = {tf}.train.string_input_producer(files, num_epochs=1, shuffle=False)
    {read}
    keys, values = {tf}.train.batch([key, value], batch_size=7, allow_smaller_final_batch=True)
    out, end = [], None
    with {tf}.Session() as sess:
        sess.run({tf}.local_variables_initializer())
        coord = {tf}.train.Coordinator()
        threads = {tf}.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                k, vs = sess.run([keys, values])
                out.append([[x.decode().replace(data_dir, "DATA") for x in k], [{show} for v in vs]])
        except {tf}.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {{"batches": out, "end": end}}
'''

HELPER = '''

def read_record(filename_queue):
    reader = {reader}
    record_key, record = reader.read(filename_queue)
    return record_key, record
'''


def program(imp: str, read: str, form: str) -> str:
    imp_line, tf = IMPORTS[imp]
    files, reader, show = READS[read]
    reader = reader.format(tf=tf)
    helper, line = "", {
        "inline": f"key, value = {reader}.read(queue)",
        "named": f"reader = {reader}\n    key, value = reader.read(queue)",
        "helper": "key, value = read_record(queue)",
    }[form]
    if form == "helper":
        helper = HELPER.format(reader=reader)
    return MAIN.format(imp=imp_line, tf=tf, helper=helper, files=files, read=line, show=show)


CASES = [("v1_as_tf", "tfrecord", "inline"), ("from_compat", "tfrecord", "helper"),
         ("tf2_compat_calls", "csv_header", "named"), ("v1_as_tf", "csv", "helper"),
         ("v1_as_tf", "fixed", "named"), ("tf2_compat_calls", "fixed", "inline")]


def test_the_key_is_made_in_the_readers_format_as_a_function_of_one_file():
    code = rewrite(program("v1_as_tf", "tfrecord", "named"), to="tfdata")
    assert not code.refused, code.notes
    assert ".scan(tf.constant(0, tf.int64), lambda offset, record: (offset + 16 + " in code.code
    assert 'tf.strings.join([filename, tf.strings.as_string(offset)], separator=":")' in code.code
    text = rewrite(program("v1_as_tf", "csv_header", "named"), to="tfdata").code
    assert "TextLineDataset(filename).enumerate(1).skip(1).map(lambda n, line:" in text
    fixed = rewrite(program("v1_as_tf", "fixed", "helper"), to="tfdata").code
    assert "FixedLengthRecordDataset(filename, 8, header_bytes=4).enumerate().map(" in fixed
    assert "def read_record(record_key, record):" in fixed


@pytest.mark.timeout(400)
def test_the_migrated_programs_deliver_legacys_keys(tmp_path):
    """Both ways in one TensorFlow process: the same keys and values, batch for batch (one reader, files in
    order), and the same end."""
    pairs = {}
    for case in CASES:
        text = program(*case)
        result = rewrite(text, to="tfdata")
        assert not result.refused, (case, result.notes)
        assert "Reader(" not in result.code and scan_source(result.code) == (), case
        pairs["_".join(case)] = write_pair(tmp_path, "_".join(case), text, result.code)
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, "exact")
        assert ":" in want["batches"][0][0][0], name  # a key, file:record


def test_a_helper_in_another_module_returns_the_key_to_its_caller(tmp_path):
    helper = str(tmp_path / "rlib" / "reading.py")
    model = str(tmp_path / "model.py")
    text = program("v1_as_tf", "tfrecord", "helper")
    start = text.index("\n\ndef read_record")
    helper_text = "import tensorflow.compat.v1 as tf\n" + text[start:text.index("\ndef main")]
    model_text = text[:start] + "\nfrom rlib.reading import read_record\n\n" + text[text.index("\ndef main"):]
    results = rewrite_tree({helper: helper_text, str(tmp_path / "rlib" / "__init__.py"): "", model: model_text},
                           root=str(tmp_path))
    assert not results[model].refused, results[model].notes
    assert "def read_record(record_key, record):" in results[helper].code
    assert ".scan(" in results[model].code and "lambda key, value: read_record(key, value)" not in \
        results[model].code


REFUSED = {  # what stays refused, with the reason
    "read_up_to": ("keys, value = tf.TFRecordReader().read_up_to(queue, 3)\n    key = keys",
                   "record keys `keys` of `read_up_to` are used"),
    "options": ('key, value = tf.TFRecordReader(options=tf.io.TFRecordOptions("GZIP")).read(queue)',
                "TFRecordReader(options=...)"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_keys_legacy_made_otherwise_stay_refused_with_the_reason(name):
    line, reason = REFUSED[name]
    text = MAIN.format(imp="import tensorflow.compat.v1 as tf", tf="tf", helper="", files='["a"]', read=line,
                       show="v")
    if name == "read_up_to":
        text = text.replace("[key, value], batch_size=7", "[key, value], batch_size=7, enqueue_many=True")
    result = rewrite(text, to="tfdata")
    assert any(reason in n.message for n in result.refused), result.notes
    assert "tf.train.batch(" in result.code
