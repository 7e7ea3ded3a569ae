"""Held-out round 56's forge-billet frames: a reader helper's file list moves to its call site also where the
helper reads the list without changing it: counted, printed or logged, tested, looped over before the producer
(``list_reads.py``), or used in any way after the producer took it (a constant of the graph by then). The
programs of ``fixG_programs/`` (a dict returned to a batch helper, two callers; a tuple, ``import tensorflow as
tf``; a record object from a package module, two callers) are migrated as one tree and run against their
originals; a list changed before the producer stays refused (text tests, no TensorFlow)."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

PROGRAMS = pathlib.Path(__file__).resolve().parent / "fixG_programs"
ROUND56 = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "migrate_heldout" / "round56" / "programs"


@pytest.mark.timeout(500)
def test_the_fixG_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert "logging.info('%d frames in %s', len(files), dirname)" in code["dict_logged_two_domains.py"]
    assert "files.append('not_read.raw')" in code["tuple_used_after_tf2_style.py"]
    assert "print(files)" in code["frames.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)


def _source(name: str) -> str:
    return (PROGRAMS / f"{name}.py").read_text()


def _notes(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


@pytest.mark.parametrize("change", ["    files.sort()\n", "    random.shuffle(files)\n", "    files[:] = files[1:]\n",
                                    "    others = files\n    others.reverse()\n", "    files.append(dirname)\n"])
def test_a_list_that_may_change_before_the_producer_is_left(change):
    source = _source("tuple_used_after_tf2_style").replace(
        "    queue = tf.compat.v1.train.string_input_producer(",
        f"{change}    queue = tf.compat.v1.train.string_input_producer(")
    assert change in source
    notes = _notes(source)  # (a slice assignment rebinds nothing, but reads the list as a value `read_frames` computes)
    assert "the file list `files` in `read_frames` is also used elsewhere in it" in notes or \
        "the file queue's `string_tensor` uses a value `read_frames` computes" in notes, notes


def test_round_56s_helper_dicts_migrate_their_count_kept_from_the_trace():
    source = (ROUND56 / "forge_billet_thermal_frames_unpaired_two_domain_folders_helper_dicts_wholefile_decode_raw_"
              "two_batches.py").read_text()
    result = rewrite(source, to="tfdata")
    assert not result.refused, [n.message for n in result.notes]
    assert "        parse_record.dom_A = {'count': dom_A['count']}\n" in result.code
    assert "    dom_A = parse_record.dom_A\n    real_A = batch_domain(dataset, " in result.code


@pytest.mark.parametrize("old, new", [
    # the batch the caller's own: no fused element function to keep the value from
    ("    real_B = batch_domain(dom_B, 4, 'batch_B')\n",
     "    images, paths = tf.train.batch([dom_B['image'], dom_B['path']], batch_size=4)\n"
     "    real_B = {'images': images, 'paths': paths}\n"),
    # a tensor of the dict read after the batch; the count changed after it; a key the dict may not have
    ("dom_B['count'])}", "dom_B['path'])}"),
    ("    sess.close()\n", "    dom_B['count'] = 0\n    sess.close()\n"),
    ("'count': len(files)}", "'count': len(files), **extra}"),
])
def test_a_helper_dict_read_after_the_batch_otherwise_is_left(old, new):
    source = _source("dict_logged_two_domains").replace(old, new)
    assert new in source
    notes = _notes(source)  # (the batch helper's callers are rewritten together or not at all)
    assert "`dom_B` is also used outside the pipeline" in notes or "no input producer, reader" in notes, notes
