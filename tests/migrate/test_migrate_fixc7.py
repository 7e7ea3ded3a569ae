"""Runner starters left though nothing is left to start (held-out round 68: slim's ``queues.QueueRunners``
context manager in a package module, and a tensorpack-style callback keeping ``trainer.coord`` /
``trainer.threads`` on the trainer it is handed). Where every pipeline the starter's program reaches is rewritten
and no runner is left, a context manager's Coordinator, runner loop (or ``start_queue_runners``) and its
``request_stop`` / ``join`` go (it yields, keeping what else it does: slim's nesting lock), and a coordinator and
threads held on a parameter object go with their stops. A starter whose program still leaves a runner (a prefetch
queue of another module) stays.

The programs of ``fixc7_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixc7_programs"
ENDS = {"eval_context_package": "mean 9.500", "context_same_module": "three batches",
        "trainer_callback_package": "four batches", "kept_prefetch_package": "four batches"}


@pytest.mark.timeout(120)
def test_runner_starters_go_where_nothing_is_left_to_start(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    shutil.copytree(PROGRAMS, original, ignore=shutil.ignore_patterns("__pycache__"))
    sources = {str(p): p.read_text() for p in sorted(original.rglob("*.py"))}
    results = {pathlib.Path(p).relative_to(original).as_posix(): r
               for p, r in rewrite_tree(sources, root=str(original)).items()}
    for name, result in results.items():
        (migrated / name).parent.mkdir(parents=True, exist_ok=True)
        (migrated / name).write_text(result.code)
    code = {n: r.code for n, r in results.items()}
    programs = sorted(original.glob("*.py"))
    assert sorted(p.stem for p in programs) == sorted(ENDS)
    for name in ENDS:  # every caller's own pipeline is rewritten
        assert "string_input_producer(" not in code[f"{name}.py"] and "make_one_shot_iterator" in code[f"{name}.py"]
    # the context managers start nothing: the package's (its lock kept), this module's
    runners = code["fixc7_lib/runners.py"]
    assert "Coordinator" not in runners and "create_threads" not in runners and "join(" not in runners
    assert "_lock.acquire(False)" in runners and "yield\n    finally:\n        _lock.release()" in runners
    same = code["context_same_module.py"]
    assert "Coordinator(" not in same and "start_queue_runners(" not in same and "def queue_runners(sess):\n    yield\n" \
        in same
    # the coordinator and threads held on the trainer handed to the callback go, with their stops
    callbacks = code["fixc7_lib/callbacks.py"]
    assert "Coordinator" not in callbacks and "start_queue_runners" not in callbacks and "request_stop" not in callbacks
    # a prefetch queue of another module leaves its runner: that program's starter stays whole
    assert code["fixc7_lib/kept_runners.py"] == sources[str(original / "fixc7_lib/kept_runners.py")]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data", timeout=90).items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS[name])
