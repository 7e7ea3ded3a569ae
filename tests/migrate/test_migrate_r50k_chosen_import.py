"""A reader helper whose name is bound to one of two modules' functions when the program runs: imported in the
branches of a config ``if``/``elif``, in ``try``/``except ImportError``, or imported and then imported again under
a flag. Which function a call reaches is decided at run time, so a rewrite that turns one of them into a function
of the record (and feeds it records) leaves the other reading a filename queue that no longer exists: the
migrated program failed with ``ReaderReadV2 ... type string``. These pipelines are left with a note naming both
modules; a name both branches import from the same module is one function, and its pipeline is still rewritten.

The programs of ``r50k_programs/`` are migrated as one tree and run against their originals (a refused module is
left whole, and the queue-runner plumbing of the package's session helper stays with it)."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r50k_programs"
CHOSEN = "is imported from `r50k_lib.readers.doubled` and `r50k_lib.readers.plain`"
REFUSED = {"choose_by_config.py": CHOSEN, "rebound_here.py": CHOSEN, "choose_by_try.py": ""}


@pytest.mark.timeout(300)
def test_a_helper_chosen_among_modules_when_the_program_runs_is_left_and_runs_as_before(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    code = {}
    for path, result in rewrite_tree(sources, root=str(original)).items():
        name = pathlib.Path(path).name
        said = " ".join(n.message for n in result.notes)
        if name in REFUSED:
            assert result.refused and result.code == sources[path], (name, said)
            assert REFUSED[name] in said, (name, said)
        out = migrated / pathlib.Path(path).relative_to(original)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)
        code[name] = result.code
    # the same function in both branches: one function, rewritten (and the helper turned for it)
    assert "TFRecordDataset" in code["same_in_both.py"] and "tf.train.string_input_producer" not in code["same_in_both.py"]
    assert "def read_record(serialized)" in code["shifted.py"]
    # the readers the refused pipelines may reach keep reading their filename queue (another pipeline's rewrite
    # would have turned `plain`'s before: a use of a name imported in two branches is a use of both functions);
    # the session helper keeps its runners
    assert "def read_record(filename_queue)" in code["plain.py"]
    assert "def read_record(filename_queue)" in code["doubled.py"]
    assert "start_queue_runners" in code["data.py"]
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=200).items():
        assert_delivers_the_same(name, want, got, "exact", end="done")
