"""A queue filled by feed functions through a feeding queue runner (TensorFlow's estimator-era
``feeding_functions._enqueue_data`` behind ``numpy_input_fn`` / ``generator_input_fn``), returned by its builder and
batched by each caller, becomes a tf.data chain at each caller (``feeding_queues.py``): the builder's twin makes
each feed function (the program's own class) a generator of the rows of its dicts, the threads an interleave, a
``RandomShuffleQueue`` a shuffle; ``dequeue_up_to(n)`` is ``batch(n)``, ``dequeue_many(n)`` drops the short tail.
The programs of ``fixF3feed_programs/`` (a package whose helper two input functions import two ways, and a one-file
program whose helper two input functions call) are migrated as one tree and run against their originals: one
thread unshuffled in legacy's order exactly, two shuffled workers as a multiset. A call fed by two unshuffled
threads is refused (its order varies between runs), and keeps the helper for itself."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixF3feed_programs"
COMPARE = {"dict_shuffled_two_workers": "multiset", "unshuffled_two_workers_refused": "multiset"}


@pytest.mark.timeout(300)
def test_feeding_queues_become_a_chain_at_each_caller(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    inputs = out["feedq/inputs.py"][0]
    assert "Queue(" not in inputs and "dequeue_" not in inputs, inputs
    assert "fq_dataset(" in inputs and "feeders.fill_queue_dataset(" in inputs, inputs  # (each import style)
    assert "drop_remainder=epochs is None" in inputs, inputs
    feeders = out["feedq/feeders.py"][0]
    # (the helper kept for the refused call, its twin beside it; the runner class still used by the helper)
    assert "def fill_queue(" in feeders and "def fill_queue_dataset(" in feeders, feeders
    assert "workers` threads (may be 2)" in out["feedq/feeders.py"][1], out["feedq/feeders.py"][1]
    assert "class FeedRunner" in out["feedq/runner.py"][0]
    single = out["single_module_rows_two_input_fns.py"][0]
    # (no caller left: the helper, its runner class and the program's runner start gone)
    assert "def enqueue_rows(" not in single and "_FedRunner" not in single and "Queue" not in single, single
    assert "start_queue_runners" not in single and "drop_remainder=True" in single, single
    # (the helper's queue left for the refused call: the programs of the package keep their runners' start)
    assert "start_queue_runners" in out["stream_two_epochs_coordinator.py"][0]
    refused = out["unshuffled_two_workers_refused.py"][0]
    assert refused == (PROGRAMS / "unshuffled_two_workers_refused.py").read_text()
    programs = sorted(p for p in original.glob("*.py"))
    assert len(programs) == 5
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"), end=None)


def test_a_builder_without_feed_functions_is_not_taken():
    from tfdata_bridge._src.migrate.feeding_queues import feeding_queues_of_tree

    text = (PROGRAMS / "single_module_rows_two_input_fns.py").read_text().replace("feed_fns=feed_fns", "")
    assert feeding_queues_of_tree({"/x/p.py": text}, "/x", [], []) is None


def test_threads_known_only_at_run_time_are_refused():
    from tfdata_bridge._src.migrate.feeding_queues import feeding_queues_of_tree

    text = (PROGRAMS / "single_module_rows_two_input_fns.py").read_text()
    text = text.replace("def train_input_fn(ticks):", "def train_input_fn(ticks, threads=len('ab')):")
    text = text.replace("enqueue_size=3, num_epochs=1)", "enqueue_size=3, num_epochs=1, num_threads=threads)")
    why, said = [], []
    out = feeding_queues_of_tree({"/x/p.py": text}, "/x", why, said)
    assert [line for _, line, _ in said] == [66], said  # (the evaluation call alone)
    assert any("`num_threads` threads (not known when migrating)" in reason for *_, reason in why), why
    assert "def enqueue_rows(" in out["/x/p.py"] and "def enqueue_rows_dataset(" in out["/x/p.py"]
