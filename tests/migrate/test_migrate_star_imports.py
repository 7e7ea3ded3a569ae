"""A star import after the TensorFlow import (held-out round 19): ``from os.path import *`` or ``from
helpers.loader import *`` may rebind ``tf`` only where its module defines it, which the module being read
cannot tell. Before, the star import shadowed ``tf`` in scan and in both migrate modes, so the file and the
pipeline it reached through the star import were left unchanged with nothing said, and ``scan --check`` passed.

The programs of ``star_import_programs/`` (a package helper brought in by a star import, a standard-library star
import with the pipeline inline) are found by scan, migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import scan

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "star_import_programs"


@pytest.mark.timeout(500)
def test_programs_behind_star_imports_are_found_rewritten_and_deliver_what_their_originals_deliver(tmp_path):
    found = {(pathlib.Path(f.path).name, f.api) for f in scan([str(PROGRAMS)]).findings}
    assert ("star_stdlib_inline.py", "tf.compat.v1.train.string_input_producer") in found, found
    assert ("loader.py", "tf.compat.v1.train.batch") in found and (
        "star_helper_package.py", "tf.compat.v1.train.start_queue_runners") in found, found
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    migrate_folder(PROGRAMS, original, migrated)
    for path in [*migrated.glob("*.py"), migrated / "star_lib" / "loader.py"]:
        text = path.read_text()
        assert "start_queue_runners(" not in text and "TextLineReader(" not in text, path
    assert "tf.data." in (migrated / "star_lib" / "loader.py").read_text()
    assert "tf.data." in (migrated / "star_stdlib_inline.py").read_text()
    programs = sorted(original.glob("*.py"))
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact")
