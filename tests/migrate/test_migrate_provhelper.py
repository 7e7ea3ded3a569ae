"""A slim-style provider whose ``__init__`` reads through a k-reader helper (round 66's vendored TF-Slim stack:
``DatasetDataProvider`` calling ``parallel_reader.parallel_read``, whose common queue is filled by the enqueue ops a
``ParallelReader`` object's method makes) is left, and the batch of what its ``get`` hands over says which form it
is and what stands in the way (``provider_objects.py``), where it said only "no input producer ... in the same
block" (the batched name followed back through ``x -= c`` / ``x = f(x)``), and the common queue's note names the
method filling it (``queue_reasons.py``): a provider subclass of a holder base, a plain holder of the program's own
module, one made and read at once, two callers. The programs of ``provhelper_programs/`` (a package of three modules: the
pooled read, the spec and the providers) are migrated as one tree; every module stays as written, byte for byte (so
no program needs running: each runs as it did)."""

from __future__ import annotations

import pathlib
import shutil

import pytest


HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "provhelper_programs"
HELPER = "whose `__init__` reads the records through `pool.pooled_read(...)` (a function of another module of the tree)"


@pytest.mark.timeout(300)
def test_a_provider_reading_through_a_k_reader_helper_is_left_naming_the_form_and_runs_as_written(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    original = tmp_path / "original"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    results = rewrite_tree(sources, root=str(original))
    notes = {pathlib.Path(p).name: [(n.line, n.message) for n in r.notes] for p, r in results.items()}
    assert all(r.code == sources[p] for p, r in results.items()), notes  # (a refusal: nothing rewritten)
    said = {name: {line: m for line, m in found if "pipeline left unchanged" in m} for name, found in notes.items()}
    subclass = said["subclass_provider_fifo_one_reader.py"][18]  # (``cone`` followed back through ``cone -= 1``)
    assert "a method of a `SpecProvider` object (a class of another module of the tree)" in subclass, subclass
    assert HELPER in subclass and "here `SpecProvider` is not such a plain holder" in subclass, subclass
    plain = said["own_plain_provider_two_readers_train_import.py"][28]
    assert "`GlazeProvider` object (a class of this module)" in plain and HELPER in plain, plain
    assert "here `pool.pooled_read`'s pipeline is not one the rewrite takes" in plain, plain
    two = said["two_callers_subclass_provider_shuffled.py"]
    assert sorted(two) == [14, 20] and all(HELPER in m for m in two.values()), two
    assert "comes from `SpecProvider(spec, readers=2" in two[14], two[14]
    queue = dict(notes["pool.py"])[27]  # (the common queue, filled in the pool object's ``pull``)
    assert "filled by the enqueue ops that `ReaderPool.pull` (its object made at line 30) makes" in queue, queue
    assert "a queue filled in a method of an object it is handed to is followed only where that object is a reader " \
        "pool" in queue, queue
