"""A reader helper of another module whose reader arguments use that module's own names (held-out round 7,
``cifar_style_record_lib``: "the reader's `record_bytes` in `read_fixed` uses names of its own module").

The dataset is built where the helper was called, so such a name is reached through the module the call names
(``fixed.HEADER_BYTES``); a builtin stays; a helper imported by name gets a literal constant's value, and any
other name imported beside it; a name its module does not bind is left with the reason.
"""

from __future__ import annotations

import os
import pathlib

import pytest
from both_ways import assert_delivers_the_same, run_both_ways

from tfdata_bridge._src.migrate.tree import rewrite_tree

SIZES = "HEADER = 4\n"

FIXED = '''\
import tensorflow.compat.v1 as tf
{sizes_import}

FIELD_BYTES = 4
NUM_FIELDS = 2


class Record(object):
    pass


def read_fixed(filename_queue):
    result = Record()
    result.num_fields = NUM_FIELDS
    record_bytes = FIELD_BYTES * result.num_fields
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=int(HEADER))
    result.key, value = reader.read(filename_queue)
    fields = tf.decode_raw(value, tf.int32)
    result.ident = tf.reshape(tf.strided_slice(fields, [0], [1]), [])
    result.value = tf.reshape(tf.strided_slice(fields, [1], [2]), [])
    return result
'''

CALLER = '''\
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf
{imports}

NUM_FIELDS = 99  # the caller's own name, another value: must not be the one the reader gets


def inputs(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    rec = {call}(queue)
    doubled = rec.value * 2
    return tf.train.batch([rec.ident, doubled], batch_size=4, allow_smaller_final_batch=True)


def main(data_dir):
    ids, values = inputs(sorted(tf.gfile.Glob(data_dir + "/fixed-*.bin")))
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([v.tolist() for v in sess.run([ids, values])])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {{"batches": out, "end": end}}
'''

CALLERS = {  # the helper's module, imported three ways; the helper's module imports HEADER two ways
    "alias": ("from flib import fixed as records", "records.read_fixed", "from flib.sizes import HEADER"),
    "dotted": ("import flib.fixed", "flib.fixed.read_fixed", "from flib import sizes\nHEADER = sizes.HEADER"),
    "module_as": ("import flib.fixed as ff", "ff.read_fixed", "from flib.sizes import HEADER"),
}


def _files(folder: pathlib.Path, name: str) -> dict[str, str]:
    imports, call, sizes_import = CALLERS[name]
    return {str(folder / "flib" / "__init__.py"): "", str(folder / "flib" / "sizes.py"): SIZES,
            str(folder / "flib" / "fixed.py"): FIXED.format(sizes_import=sizes_import),
            str(folder / f"caller_{name}.py"): CALLER.format(imports=imports, call=call)}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("name", sorted(CALLERS))
def test_the_helper_modules_names_are_reached_through_the_module(tmp_path, name):
    results = rewrite_tree(_files(tmp_path, name), root=str(tmp_path))
    main = results[str(tmp_path / f"caller_{name}.py")]
    assert not main.refused, main.notes
    module = CALLERS[name][1].rsplit(".", 1)[0]
    assert f"({module}.FIELD_BYTES * {module}.NUM_FIELDS), header_bytes=int({module}.HEADER)" in main.code
    assert "FixedLengthRecordReader" not in results[str(tmp_path / "flib" / "fixed.py")].code


@pytest.mark.timeout(120)
def test_a_helper_imported_by_name_reads_its_modules_literals_and_imports_the_others(tmp_path):
    # (``module_names.ByName``): FIELD_BYTES, NUM_FIELDS are literals (the caller's own NUM_FIELDS untouched);
    # HEADER = sizes.HEADER is not: imported from the helper's module beside the helper
    files = _files(tmp_path, "dotted")
    files = {p: t.replace("import flib.fixed", "from flib.fixed import read_fixed")
             .replace("flib.fixed.read_fixed(", "read_fixed(") for p, t in files.items()}
    main = rewrite_tree(files, root=str(tmp_path))[str(tmp_path / "caller_dotted.py")]
    assert not main.refused, main.notes
    assert "from flib.fixed import read_fixed\nfrom flib.fixed import HEADER\n" in main.code, main.code
    assert "FixedLengthRecordDataset(file_names, (4 * 2), header_bytes=int(HEADER))" in main.code, main.code


@pytest.mark.timeout(120)
@pytest.mark.parametrize("change, reason", [
    (("from flib.sizes import HEADER", "from flib.sizes import *"), "uses `HEADER`, which is not a global of its "
                                                                   "module that the call site can reach"),
])
def test_a_name_the_call_site_cannot_reach_is_left_with_the_reason(tmp_path, change, reason):
    files = _files(tmp_path, "dotted" if change[0].startswith("import") else "alias")
    files = {p: t.replace(*change).replace("flib.fixed.read_fixed(", "read_fixed(") for p, t in files.items()}
    results = rewrite_tree(files, root=str(tmp_path))
    main = next(r for p, r in results.items() if "caller_" in p)
    assert any(reason in n.message for n in main.refused), main.notes
    assert "FixedLengthRecordReader" in results[str(tmp_path / "flib" / "fixed.py")].code


@pytest.mark.timeout(400)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for name in sorted(CALLERS):
        original, migrated = tmp_path / name / "original", tmp_path / name / "migrated"
        files = _files(original, name)
        for path, result in rewrite_tree(files, root=str(original)).items():
            assert not result.refused, (path, result.notes)
            for where, text in ((path, files[path]), (path.replace(str(original), str(migrated)), result.code)):
                os.makedirs(os.path.dirname(where), exist_ok=True)
                pathlib.Path(where).write_text(text)
        program = str(original / f"caller_{name}.py")
        pairs[name] = (program, program.replace(str(original), str(migrated)))
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=380).items():
        assert_delivers_the_same(name, want, got, "exact")  # one reader, one thread: legacy's order
