"""Shared test set-up: quiet TensorFlow logs, and one TensorFlow import for the whole session."""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def tf():
    import tensorflow

    return tensorflow


# The longest test files, longest first, by a whole-suite run's per-test wall times summed per file (2-core
# machine under ``-n 2``, 2026-12-06, a quiet run: every file of 9 s or more there, the corpus file first; a
# file of waits counted by its wall time, as it holds its worker as long). Under ``pytest -n 2 --dist loadfile``
# each file runs whole on one worker, handed out in collection order, so a long file collected late ran alone at
# the end while the other worker sat idle; starting the longest first leaves only short files for the end
# (longest-processing-time-first scheduling). Only the order changes. xdist (3.5 on) reorders files by their
# number of tests unless told not to, which put one-test files of a minute or more (the benchmark run, the source
# programs) last: the README's command passes ``--no-loadscope-reorder`` (xdist 3.8) so this order holds.
LONGEST_FIRST = (
    "tests/migrate/test_migrate_corpus.py",
    "tests/runtime/test_shutdown.py",
    "tests/test_benchmarks.py",
    "tests/migrate/test_migrate_handbuilt.py",
    "tests/migrate/test_migrate_prefetch_variants.py",
    "tests/spec/test_shuffle_mixing.py",
    "tests/migrate/test_migrate_sources_programs.py",
    "tests/migrate/test_migrate_feed_threads.py",
    "tests/migrate/test_both_ways_runner.py",
    "tests/compat/test_compat_short_batch_producers.py",
    "tests/reliability/test_reliability_graph_rebuilds.py",
    "tests/compat/test_compat_shared_sources.py",
    "tests/migrate/test_migrate_thread_subclass.py",
    "tests/compat/test_compat_short_batch.py",
    "tests/test_readme.py",
    "tests/migrate/test_migrate_object_pipelines.py",
    "tests/runtime/test_process_workers.py",
    "tests/reliability/test_reliability_stalled_read.py",
    "tests/compat/test_compat_error_prefix.py",
    "tests/migrate/test_migrate_class_readers.py",
    "tests/spec/test_eager_queues.py",
    "tests/migrate/test_scan.py",
    "tests/migrate/test_migrate_dataflow.py",
    "tests/migrate/test_migrate_r16_forms.py",
    "tests/migrate/test_migrate_fixF4.py",
    "tests/migrate/test_migrate_fixF10.py",
    "tests/migrate/test_migrate_fixF7.py",
    "tests/migrate/test_migrate_fixF3feed.py",
    "tests/migrate/test_migrate_fixF6.py",
    "tests/migrate/test_migrate_fixG4.py",
    "tests/migrate/test_migrate_fixG1.py",
    "tests/migrate/test_migrate_fixG2.py",
    "tests/migrate/test_migrate_fixG3.py",
    "tests/migrate/test_migrate_fixO1.py",
    "tests/migrate/test_migrate_fixO2.py",
    "tests/migrate/test_migrate_fixO2b.py",
    "tests/migrate/test_migrate_fixP1.py",
    "tests/migrate/test_migrate_fixP2.py",
    "tests/migrate/test_migrate_fixQ1.py",
    "tests/migrate/test_migrate_fixQ5.py",
    "tests/migrate/test_migrate_fixQ3.py",
    "tests/migrate/test_migrate_fixQ2.py",
    "tests/migrate/test_migrate_fixQ4.py",
    "tests/migrate/test_migrate_fixP3.py",
    "tests/migrate/test_migrate_fixI3.py",
    "tests/migrate/test_migrate_fixK1.py",
    "tests/migrate/test_migrate_fixK1b.py",
    "tests/migrate/test_migrate_fixJ3.py",
    "tests/migrate/test_migrate_fixK2.py",
    "tests/migrate/test_migrate_fixM1.py",
    "tests/migrate/test_migrate_fixJ2.py",
    "tests/migrate/test_migrate_fixI4.py",
    "tests/migrate/test_migrate_fixI2.py",
    "tests/migrate/test_migrate_fixL1.py",
    "tests/migrate/test_migrate_fixJ1.py",
    "tests/migrate/test_migrate_fixN1.py",
    "tests/migrate/test_migrate_fixI1.py",
    "tests/migrate/test_migrate_fixM2.py",
    "tests/migrate/test_migrate_queues.py",
    "tests/migrate/test_migrate_r21_prefetch.py",
    "tests/compat/test_compat_fast_feed.py",
    "tests/migrate/test_migrate_object_forms.py",
    "tests/runtime/test_process_workers_faults.py",
    "tests/compat/test_compat_py_producer_sessions.py",
    "tests/compat/test_compat_short_batch_py_funcs.py",
    "tests/migrate/test_migrate_fixK.py",
    "tests/migrate/test_migrate_choice_state.py",
    "tests/migrate/test_migrate_producer_forms.py",
    "tests/migrate/test_migrate_r32i_returned_queue_copies.py",
    "tests/scaling/test_scaling_out.py",
    "tests/reliability/test_reliability_interrupt.py",
    "tests/migrate/test_migrate_r17_forms.py",
    "tests/migrate/test_migrate_programs.py",
    "tests/scaling/test_scaling_service_dropin.py",
    "tests/migrate/test_migrate_feed_family.py",
    "tests/compat/test_feed_thread_program_dropin.py",
    "tests/migrate/test_scan_names.py",
    "tests/migrate/test_migrate_r18_forms2.py",
    "tests/migrate/test_migrate_r33a_handed_reader_objects.py",
    "tests/migrate/test_migrate_breadth_programs.py",
    "tests/reliability/test_reliability_reuse.py",
    "tests/compat/test_compat_readers.py",
    "tests/migrate/test_migrate_fixN.py",
    "tests/migrate/test_migrate_r21_leftovers.py",
    "tests/migrate/test_migrate_classes.py",
    "tests/spec/test_plan_equivalence.py",
    "tests/migrate/test_migrate_fixB2.py",
    "tests/migrate/test_migrate_r46s.py",
    "tests/migrate/test_migrate_branch_forms.py",
    "tests/migrate/test_migrate_spread.py",
    "tests/migrate/test_migrate_plumbing.py",
    "tests/migrate/test_migrate_r66d_queue_dtypes.py",
    "tests/compat/test_compat_legacy_numerics.py",
    "tests/migrate/test_migrate_r31s_held_placeholders.py",
    "tests/migrate/test_migrate_r28d_thread_join.py",
    "tests/migrate/test_migrate_r23_forms.py",
    "tests/migrate/test_migrate_r34d_provider_objects.py",
    "tests/migrate/test_migrate_fixF2r68.py",
    "tests/migrate/test_migrate_fixF1p.py",
    "tests/migrate/test_migrate_fixF5.py",
    "tests/migrate/test_migrate_compat_star.py",
    "tests/migrate/test_migrate_fixF8.py",
)


def pytest_collection_finish(session):
    """Everything loaded by now (TensorFlow, libcst, the test modules; hundreds of thousands of objects) is moved
    out of the cyclic collector's reach (``gc.freeze``): each full collection the tests' own garbage sets off
    walked all of it again, and the migrate tests make garbage fast. Objects made later are collected as ever."""
    import gc

    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(config, items):
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}

    def key(item):
        path = item.nodeid.split("::", 1)[0]
        return rank.get(path, len(LONGEST_FIRST))

    items.sort(key=key)  # stable: the order within a file, and of every other file, is kept


@pytest.fixture(autouse=True)
def _vectorize_few_records(monkeypatch):
    """Batches over files of a few records run their ops per record by default (``record_counts``: vectorizing
    them cost more than it saved); the tests' files are small, and they check the vectorized form against
    legacy, so here every batch is vectorized where it can be, as before. ``test_compat_few_records.py`` sets
    the default back and checks the rule itself."""
    from tfdata_bridge._src.compat import record_counts

    monkeypatch.setattr(record_counts, "VECTORIZE_MIN_RECORDS", 0)
