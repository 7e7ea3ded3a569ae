"""Shared test set-up: quiet TensorFlow logs, and one TensorFlow import for the whole session."""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def tf():
    import tensorflow

    return tensorflow


# The longest test files, longest first (quiet 2-core machine, 2026-12-03: the corpus file ~5 min of one worker,
# the scan file's whole-corpus check ~2, the hand-built queues ~1.5, the rest under a minute each). Under
# ``pytest -n 2 --dist loadfile`` each file runs whole on one worker, handed out in collection order, so a long
# file collected late ran alone at the end while the other worker sat idle; starting the longest first keeps
# both workers busy to the end (longest-processing-time-first scheduling). Only the order changes.
LONGEST_FIRST = (
    "tests/migrate/test_migrate_corpus.py",
    "tests/migrate/test_scan_names.py",
    "tests/migrate/test_migrate_handbuilt.py",
    "tests/migrate/test_migrate_linear.py",
    "tests/migrate/test_migrate_class_readers.py",
    "tests/migrate/test_migrate_choice_state.py",
    "tests/migrate/test_migrate_classes.py",
    "tests/compat/test_compat_short_batch_producers.py",
    "tests/compat/test_compat_shared_sources.py",
    "tests/migrate/test_migrate_programs.py",
)


def pytest_collection_modifyitems(config, items):
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}

    def key(item):
        path = item.nodeid.split("::", 1)[0]
        return rank.get(path, len(LONGEST_FIRST))

    items.sort(key=key)  # stable: the order within a file, and of every other file, is kept
