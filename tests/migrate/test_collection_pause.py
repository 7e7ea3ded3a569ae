"""``collection_pause.fewer_collections``: the collector's thresholds raised while a rewrite runs, the caller's
own put back after it, whether it returns or raises; a caller's higher thresholds, or a disabled collector, kept."""

from __future__ import annotations

import gc

import pytest

from tfdata_bridge._src.migrate.collection_pause import THRESHOLDS, fewer_collections
from tfdata_bridge._src.migrate.rewriting import rewrite


@pytest.fixture
def thresholds():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_raised_while_it_runs_and_put_back_after(thresholds):
    seen = []
    run = fewer_collections(lambda: seen.append(gc.get_threshold()) or "done")
    assert run() == "done"
    assert seen == [THRESHOLDS]
    assert gc.get_threshold() == (700, 10, 10)


def test_put_back_when_it_raises(thresholds):
    @fewer_collections
    def fails():
        raise KeyError("x")

    with pytest.raises(KeyError):
        fails()
    assert gc.get_threshold() == (700, 10, 10)


def test_a_callers_higher_thresholds_and_a_disabled_collector_are_kept(thresholds):
    seen = []
    run = fewer_collections(lambda: seen.append(gc.get_threshold()))
    gc.set_threshold(500_000, 10, 10)
    run()
    gc.set_threshold(0)
    run()
    assert seen == [(500_000, 10, 10), (0, 10, 10)]


def test_a_rewrite_runs_under_it_and_leaves_the_thresholds_as_they_were(thresholds, monkeypatch):
    from tfdata_bridge._src.migrate import to_compat

    seen = []
    original = to_compat.to_compat
    monkeypatch.setattr(to_compat, "to_compat", lambda m: seen.append(gc.get_threshold()) or original(m))
    result = rewrite("import tensorflow.compat.v1 as tf\nq = tf.FIFOQueue(3, [tf.int32])\n", to="compat")
    assert "tfdata_bridge" in result.code and seen == [THRESHOLDS]
    assert gc.get_threshold() == (700, 10, 10)
