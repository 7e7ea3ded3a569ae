"""A reader helper of another module imported by name (``from pkg.features import read_clip``) whose reader's
arguments (``record_bytes``, ``header_bytes``, ``skip_header_lines``) read constants of the helper's own module:
the rewrite builds the reader's dataset where the helper is called, and was refused ("call it through its
module"). Now a constant bound once by a top-level plain literal assignment is written as its literal, and any
other (an expression of other constants) is imported into the caller's module beside the helper, under another
name where the caller's module spells that name already (``module_names.py``). A name rebound at run time is
still refused; one the program sets as the module's attribute is read through the module.

Programs in ``r36k_programs/`` (helpers in ``r36k_lib/``): a FixedLengthRecordReader helper imported by name,
its ``record_bytes`` an expression constant (imported) and ``header_bytes`` a literal (written), in order; the
same called from a class's method in a module whose own ``RECORD_BYTES`` is something else (``RECORD_BYTES_1``),
``from tensorflow.compat.v1 import train``, in order; two copies of its read into ``shuffle_batch_join``
(``import tensorflow as tf``, multiset, each clip once; the caller's module importing that
constant itself, its import read); a TextLineReader made inline with
``skip_header_lines=HEADER_LINES``, imported by name under an alias, shuffled (multiset); the same helper called
through its module (``rows.HEADER_LINES``, in order)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r36k_programs"
SHUFFLED = {"two_readers_join_by_name", "text_by_name_aliased"}


@pytest.mark.timeout(300)
def test_a_helper_imported_by_name_reads_its_module_constants(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    assert "from r36k_lib.clips import RECORD_BYTES\n" in code["fixed_by_name.py"], code["fixed_by_name.py"]
    assert "FixedLengthRecordDataset(file_names, RECORD_BYTES, header_bytes=3)" in code["fixed_by_name.py"]
    taken = code["fixed_name_taken_class.py"]
    assert "from r36k_lib.clips import RECORD_BYTES as RECORD_BYTES_1\n" in taken, taken
    assert "RECORD_BYTES_1, header_bytes=3)" in taken and "RECORD_BYTES = 1000" in taken, taken
    joined = code["two_readers_join_by_name.py"]  # (its own import of the constant read)
    assert joined.count("RECORD_BYTES") == 3 and "FixedLengthRecordDataset(filename, RECORD_BYTES," in joined
    assert "TextLineDataset(filename).skip(2)" in code["text_by_name_aliased.py"]
    assert "import HEADER_LINES" not in code["text_by_name_aliased.py"]
    assert ".skip(rows.HEADER_LINES)" in code["text_through_module.py"]
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 5
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in SHUFFLED else "exact")


LIB = '''import tensorflow.compat.v1 as tf

HEADER_LINES = 1
{extra}


def read_row(filename_queue):
    _, line = tf.TextLineReader(skip_header_lines=HEADER_LINES).read(filename_queue)
    return tf.decode_csv(line, record_defaults=[[0], [0]])
'''

CALLER = '''import tensorflow.compat.v1 as tf

from lib.rows import read_row


def batch(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    a, b = read_row(queue)
    return tf.train.batch([a, b], batch_size=2)
'''


@pytest.mark.parametrize("extra", [
    "\n\ndef configure(n):\n    global HEADER_LINES\n    HEADER_LINES = n",  # rebound when the program runs
    "if tf.__version__ < '0':\n    HEADER_LINES = 2",  # bound twice, one in a block
])
def test_a_constant_rebound_is_refused_with_a_note(extra):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    sources = {"/p/lib/__init__.py": "", "/p/lib/rows.py": LIB.format(extra=extra), "/p/caller.py": CALLER}
    got = rewrite_tree(sources, root="/p")["/p/caller.py"]
    assert got.code == CALLER
    assert any("`HEADER_LINES` of its own module, which is bound there more than once" in n.message
               for n in got.notes), got.notes


def test_a_constant_another_module_sets_is_read_through_its_module():
    """``rows.HEADER_LINES = 2`` in the caller's module, before the call: legacy's helper read the new value at
    the call; a literal (or an import of the name) taken when the module is read would not, so it is read through
    the module (the caller's own import of it, where it has one), where and when the call read it."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = LIB.format(extra="").replace("    return tf.decode_csv(", "    a, b = tf.decode_csv(") + "    return a, b\n"
    for imported, reached in (("from lib import rows\n", "rows"), ("", "rows")):
        setter = CALLER.replace("from lib.rows import read_row\n", f"{imported}from lib.rows import read_row\n"
                                "\n\ndef configure():\n    import lib.rows\n    lib.rows.HEADER_LINES = 2\n")
        sources = {"/p/lib/__init__.py": "", "/p/lib/rows.py": lib, "/p/caller.py": setter}
        got = rewrite_tree(sources, root="/p")["/p/caller.py"]
        assert not got.refused, got.notes
        assert f".skip({reached}.HEADER_LINES)" in got.code, got.code
        assert got.code.count("from lib import rows\n") == 1, got.code
