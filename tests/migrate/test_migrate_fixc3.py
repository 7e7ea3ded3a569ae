"""Queue-runner plumbing stays where a function of another module of the tree leaves a runner (held-out round
68: a slim-style ``prefetch_queue`` of a package module, its queue class chosen by a function, left legacy; the
caller's rewritten batch went into it, and its ``Supervisor`` became a plain Session that started no runner, so
the program blocked on the dequeue). A Supervisor, ``start_queue_runners`` and its Coordinator stay where the
module calls into a module that is still a queue pipeline (or registers a ``QueueRunner``), with a note naming
that call. Also: a batch helper of another module handed the caller's own ``train.batch`` is no site of the
caller's per-record code (the batch would have moved into the map function).

The programs of ``fixc3_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixc3_programs"
ENDS = {"prefetch_supervisor": "steps: 4", "stager_coordinator": "three batches", "regroup_monitored": "five batches",
        "model_coordinator_epochs": "OutOfRangeError"}


@pytest.mark.timeout(120)
def test_plumbing_stays_where_another_module_leaves_a_runner(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    results = {pathlib.Path(p).relative_to(original).as_posix(): r
               for p, r in rewrite_tree(sources, root=str(original)).items()}
    for name, result in results.items():
        (migrated / name).parent.mkdir(parents=True, exist_ok=True)
        (migrated / name).write_text(result.code)
    code = {n: r.code for n, r in results.items()}
    notes = {n: " ".join(note.message for note in r.notes) for n, r in results.items()}
    programs = sorted(original.glob("*.py"))
    assert sorted(p.stem for p in programs) == sorted(ENDS)
    for name in ENDS:  # every caller's own pipeline is rewritten
        assert "string_input_producer(" not in code[f"{name}.py"] and "make_one_shot_iterator" in code[f"{name}.py"]
    # the Supervisor stays: `prefetch_queue` (imported by name) leaves its queue's runner
    assert "tf.train.Supervisor(logdir=None" in code["prefetch_supervisor.py"]
    assert "Supervisor kept, with the queue runners it starts: `prefetch_queue(...)`, called here, runs code of " \
        "fixc3_lib/prefetch.py" in notes["prefetch_supervisor.py"]
    # start_queue_runners and its Coordinator stay: a class of a module imported as a module; a module reached
    # through another one (its call named)
    assert "train.start_queue_runners(sess=sess, coord=coord)" in code["stager_coordinator.py"]
    assert "`staging.Stager(...)`, called here, runs code of fixc3_lib/staging.py" in notes["stager_coordinator.py"]
    assert "tf.train.start_queue_runners(sess=sess, coord=coord)" in code["model_coordinator_epochs.py"]
    assert "`model.build(...)`, called here, runs code of fixc3_lib/prefetch.py" in \
        notes["model_coordinator_epochs.py"]
    # the helper's batch of the caller's batch is left whole; the caller's own batch is rewritten alone
    assert code["fixc3_lib/regroup.py"] == sources[str(original / "fixc3_lib/regroup.py")]
    assert "tf.train.batch" not in code["regroup_monitored.py"] and "rg.regroup([big_a, big_b], 2)" in \
        code["regroup_monitored.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=90).items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])
