"""The programs of the breadth forms (`choice_programs/`: a batch or a source chosen by a flag;
`alias_programs/`: a reader made through a name for its class; `read_group_programs/`: a `read_up_to` or
`read` with no batch after it), each migrated with `--to tfdata` and run against its original in one TensorFlow
process: the same batches in the same order, the same end. The forms' text tests are in
`test_migrate_choice.py`, `test_migrate_reader_alias.py` and `test_migrate_read_groups.py`."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, run_both_ways, write_pair
from tfdata_bridge.migrate import rewrite, scan_source

HERE = pathlib.Path(__file__).resolve().parent
# folder -> whether the migrated program must be free of every legacy API (a choice program may keep an
# unrelated one)
FOLDERS = {"choice_programs": False, "alias_programs": True, "read_group_programs": True}


@pytest.mark.timeout(500)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for folder, clean in FOLDERS.items():
        for program in sorted((HERE / folder).glob("*.py")):
            code = rewrite(program.read_text(), to="tfdata").code
            assert not clean or not scan_source(code), program.name
            pairs[program.stem] = write_pair(tmp_path, program.stem, program.read_text(), code)
    assert len(pairs) >= 12
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) > 2, name
        assert_delivers_the_same(name, want, got, "exact")
