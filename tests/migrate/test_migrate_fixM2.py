"""A feeding class of another module given the program's coordinator as ``coord=None`` and telling it of an error
only under a guard (``if self._coord:``, ``if self.coord is not None:``; a Baidu-style ``BasicFeeder``): the
guarded report goes with the thread (``feed/coord.py``), the emptied ``coord=None`` parameter from ``__init__``
and its argument from the program's call (``feed/handed_coord.py``), and the program's ``Coordinator`` with it.
A class whose queue the class form rewrote has no function-form refusal of the same queue left in its notes
(``to_tfdata.py``). A class handing its local enqueue op to a module-level function's thread (once left) is
rewritten since O2b, its thread an idle one (``feed/init_thread.py``). The programs of ``fixM2_programs/`` are
migrated as one tree; three run both ways."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixM2_programs"
RUN = ("guarded_group_feeder_package", "keyword_coord_row_feeder_package")


@pytest.mark.timeout(300)
def test_a_guarded_coordinator_handed_to_a_feeding_class_goes_with_its_thread(tmp_path):
    from tfdata_bridge.migrate import scan_source

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    feeders, feeder_notes = out["m2_lib/feeders.py"]
    assert "Queue(" not in feeders and "threading" not in feeders and "from_generator" in feeders, feeders
    assert [f.api for f in scan_source(feeders)] == [], feeder_notes
    assert "coord" not in feeders.split('"""', 2)[-1], feeders  # (the guarded reports and the parameter, gone)
    assert "left" not in feeder_notes, feeder_notes  # (no function-form refusal of a queue the class form took)
    for name in RUN:
        code, notes = out[f"{name}.py"]
        code = code.split('"""', 2)[-1]
        assert "Coordinator" not in code and "coord" not in code and "while True:" in code, code
        assert [f.api for f in scan_source(code)] == [], (name, notes)
    assert "fd.RowFeeder(rows, 3)" in out["keyword_coord_row_feeder_package.py"][0]
    assert "GroupFeeder(ROWS, 3)" in out["guarded_group_feeder_package.py"][0]
    handed, handed_notes = out["m2_lib/handed.py"]
    # (once left; since O2b (``feed/self_args.py``, ``feed/init_thread.py``) the thread ``__init__`` makes, handed
    # its local ops by ``args=``, is rewritten: the generator reads the kept rows, ``self.thread`` an idle thread
    # that the caller starts and joins as before; the caller's run below delivers the original's batches)
    assert "tf.FIFOQueue(" not in handed and "from_generator" in handed, handed
    assert "self._feed_main_args = [(rows,)]" in handed and "self.thread = Thread(daemon=True)" in handed, handed
    assert "target=" not in handed and "enqueue_op" not in handed, handed  # (no thread feeds now)
    assert "refused" not in handed_notes and "left" not in handed_notes, handed_notes
    assert "HandedFeeder(rows, 2)" in out["handed_enqueue_op_left_package.py"][0]
    pairs = {name: (original / f"{name}.py", migrated / f"{name}.py")
             for name in (*RUN, "handed_enqueue_op_left_package")}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)
