"""Index producers (``Producer.indexed(fn, count)``, issue 19): ``fn(i)`` for each ``i`` in ``range(count)``,
once, whatever runs it. The oracle is ``[fn(i) for i in range(count)]`` called here: one thread or one worker
delivers exactly that, in order; several threads or workers deliver its multiset (each index once), the
workers taking runs of indices from a shared counter as each is free, so a worker that starts late makes
fewer (checked with a worker held back). The producers live in ``process_producers.py`` (no TensorFlow)."""

from __future__ import annotations

import functools
from collections import Counter

import numpy as np
import pytest

import process_leftovers
import process_producers as pp
import tfdata_bridge as tfdb

pytestmark = pytest.mark.timeout(240)


def _values(spec) -> list:
    """Every element a compiled spec yields (batches unbatched), as Python values."""
    out = []
    for item in tfdb.compile(spec).as_numpy_iterator():
        rows = zip(*item) if isinstance(item, tuple) else item
        out += [tuple(int(v) for v in row) if isinstance(row, tuple) else int(row) for row in rows] \
            if spec.consumer.batched else [tuple(int(v) for v in item) if isinstance(item, tuple) else int(item)]
    return out


def _no_leftovers() -> None:
    import multiprocessing

    assert process_leftovers.wait_gone([p.pid for p in multiprocessing.active_children()]) == ([], [])
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("make, count, oracle", [
    (lambda: pp.square, 50, [i * i for i in range(50)]),
    (lambda: pp.Records([7, 3, 9, 3, 1]).record, 5, [7, 3, 9, 3, 1]),  # a bound method; a value repeated
], ids=["function", "bound-method"])
def test_threads_make_each_index_once_and_one_thread_keeps_the_order(make, count, oracle, threads):
    spec = tfdb.pipeline(tfdb.Producer.indexed(make(), count, threads=threads), dtypes="int64", shapes=[()],
                         capacity=8, batch_size=4, allow_smaller_final_batch=True)
    got = _values(spec)
    assert Counter(got) == Counter(oracle)  # each index once, not once per thread
    assert spec.deterministic == (threads == 1)
    if threads == 1:
        assert got == oracle


def test_process_workers_make_each_index_once_and_one_worker_keeps_the_order():
    make = functools.partial(pp.scaled, 3)  # a partial of a module function
    one = _values(tfdb.pipeline(tfdb.Producer.indexed(make, 40), dtypes=["int64", "int64"], shapes=[(), ()],
                                workers=1, batch_size=8))
    assert one == [(3 * i, 0) for i in range(40)]
    two = _values(tfdb.pipeline(tfdb.Producer.indexed(make, 41, name="scaled"), dtypes=["int64", "int64"],
                                shapes=[(), ()], workers=2, batch_size=8, allow_smaller_final_batch=True))
    assert sorted(v for v, _ in two) == [3 * i for i in range(41)]
    assert {w for _, w in two} <= {0, 1}
    _no_leftovers()


def test_a_worker_that_starts_late_makes_fewer_indices(tmp_path):
    # worker 0 is held in its first call until worker 1 has passed three quarters of the indices: with a
    # static half each, worker 0 would make 40 of 80 after it; handed out as each is free, it makes the run
    # it held and at most the last quarter
    producer = pp.LateFirstWorker(80, str(tmp_path / "marker"))
    got = _values(tfdb.pipeline(tfdb.Producer.indexed(producer, 80), dtypes=["int64", "int64"], shapes=[(), ()],
                                workers=2, batch_size=8))
    assert sorted(i for i, _ in got) == list(range(80))
    made = Counter(w for _, w in got)
    assert made[0] <= 30 and made[1] >= 50, made
    _no_leftovers()


def test_explained_code_makes_the_same_elements_with_its_threads_sharing_the_indices():
    spec = tfdb.pipeline(tfdb.Producer.indexed(pp.square, 30, threads=2), dtypes="int64", shapes=[()],
                         batch_size=4, allow_smaller_final_batch=True)
    source = tfdb.explain(spec)
    assert "for _index in range(1, 30, 2):" in source
    namespace = {"square": pp.square}
    exec(source, namespace)
    explained = [int(x) for batch in namespace["dataset"] for x in batch]
    assert sorted(explained) == sorted(_values(spec)) == [i * i for i in range(30)]
    from tfdata_bridge._src.demo import describe

    assert "producer:  square (index, 2 thread(s), indices 0..29, each once)" in describe(spec)


def test_no_index_makes_an_empty_pipeline():
    assert _values(tfdb.pipeline(tfdb.Producer.indexed(pp.square, 0, threads=2), dtypes="int64", shapes=[()])) == []


@pytest.mark.parametrize("count, error, words", [
    (-1, ValueError, "count (-1) of index producer 'square' must be an int >= 0"),
    (2.5, TypeError, "count (2.5) of index producer 'square' must be an int >= 0"),
    (None, TypeError, "fn(i) is called for each i in range(count)"),
    (np.int64(3), None, None),
])
def test_the_count_must_be_an_int_naming_the_value(count, error, words):
    if error is None:
        assert tfdb.Producer.indexed(pp.square, count).calls == 3
        return
    with pytest.raises(error) as info:
        tfdb.Producer.indexed(pp.square, count)
    assert words in str(info.value)
