"""An index producer's source makes its elements in runs of indices, one ``tf.numpy_function`` call per run
(``compiler/index_source.py``): with one thread, a ``scan`` whose state is the next index, each call stopping
after ``CHUNK`` indices or ``BUDGET_S``; with threads, fixed runs mapped in parallel. The oracle is ``fn(i)``
for each ``i`` in ``range(count)``, called here. Resuming across processes is
``tests/scaling/test_scaling_resume_index.py``'s."""

from __future__ import annotations

import threading
import time
from collections import Counter

import numpy as np
import pytest

import process_producers as pp
import tfdata_bridge as tfdb
from tfdata_bridge._src.compiler import index_source
from tfdata_bridge._src.compiler.dataset import _OPTIONS
from tfdata_bridge._src.tf import tf

pytestmark = pytest.mark.timeout(120)


class Calls:
    """``fn(i)`` that records each index it is called with; it raises at ``fail`` and sleeps ``sleep_s``."""

    def __init__(self, fail: int | None = None, sleep_s: float = 0.0) -> None:
        self.fail, self.sleep_s, self.seen = fail, sleep_s, []
        self.lock = threading.Lock()

    def __call__(self, i: int):
        with self.lock:
            self.seen.append(i)
        if self.sleep_s:
            time.sleep(self.sleep_s)
        if i == self.fail:
            raise pp.ProducerFailure(f"no element at index {i}")
        return np.float32(i) * np.ones(3, np.float32), np.int64(i)


def _spec(fn, count, **kwargs):
    return tfdb.pipeline(tfdb.Producer.indexed(fn, count, **kwargs), dtypes=["float32", "int64"],
                         shapes=[(3,), ()])


def _source(spec):
    """The source alone (no prefetch, no autotuning): what a ``next`` on it makes is what it asked for."""
    return iter(index_source.dataset(spec).with_options(_OPTIONS))


def test_one_thread_makes_runs_of_indices_per_call_in_order_each_once():
    fn = Calls()
    count = 3 * index_source.CHUNK + 5
    got = [int(y) for _, y in _source(_spec(fn, count))]
    assert got == list(range(count)) and sorted(fn.seen) == list(range(count))


def test_a_slow_producer_delivers_its_first_element_after_a_short_run_not_a_whole_one():
    fn = Calls(sleep_s=0.6 * index_source.BUDGET_S)  # two calls pass the budget
    iterator = _source(_spec(fn, index_source.CHUNK))
    assert int(next(iterator)[1]) == 0
    # each step stops once past the budget: two calls at most (one, where a loaded machine's sleep overruns it),
    # and a read-ahead step at most
    assert 1 <= len(fn.seen) <= 4 < index_source.CHUNK, fn.seen


def test_a_failure_inside_a_run_comes_after_the_elements_before_it_and_calls_fn_once():
    fn = Calls(fail=10)
    got = []
    with pytest.raises(pp.ProducerFailure, match="index 10"):
        for _, y in tfdb.compile(_spec(fn, 50)):
            got.append(int(y))
    assert got == list(range(10))
    assert fn.seen.count(10) == 1  # kept for the next step, not made again


def test_after_a_failure_the_source_ends_and_makes_nothing_more():
    fn = Calls(fail=3)
    iterator = _source(_spec(fn, 50))
    assert [int(next(iterator)[1]) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(tf.errors.InvalidArgumentError, match="index 3"):
        next(iterator)
    with pytest.raises(StopIteration):  # (a step asked again after it raised: a prefetch reads on)
        next(iterator)
    assert fn.seen == [0, 1, 2, 3]


def test_a_failure_kept_for_the_next_step_is_made_again_where_the_keep_is_gone(tmp_path):
    """A checkpoint taken between the rows before a failure and the step that raises it, restored where the
    kept exception is not (another process; here the keep emptied): ``fn(j)`` is called again and raises."""
    fn = Calls(fail=10)
    iterator = _source(_spec(fn, 50))
    assert [int(next(iterator)[1]) for _ in range(10)] == list(range(10))
    path = tf.train.Checkpoint(iterator=iterator).save(str(tmp_path / "ckpt"))
    index_source._pending.clear()
    again = _source(_spec(fn, 50))
    tf.train.Checkpoint(iterator=again).restore(path).assert_consumed()
    with pytest.raises(tf.errors.InvalidArgumentError, match="index 10"):
        next(again)  # (the bridge iterator, absent here, gives the ProducerFailure back)
    assert fn.seen.count(10) == 2


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_make_fixed_runs_each_index_once(threads):
    fn = Calls()
    count = 500
    got = [int(y) for _, y in _source(_spec(fn, count, threads=threads))]
    assert Counter(got) == Counter(range(count)) and Counter(fn.seen) == Counter(range(count))
    length = index_source.run_length(count, threads)
    assert length == min(index_source.CHUNK, count // (8 * threads)) > 1


def test_run_length_leaves_every_thread_work_and_never_zero():
    assert index_source.run_length(5, 3) == 1
    assert index_source.run_length(0, 4) == 1
    assert index_source.run_length(10_000, 4) == index_source.CHUNK


def test_shapes_that_vary_are_made_one_index_per_call():
    spec = tfdb.pipeline(tfdb.Producer.indexed(pp.rows_of, 12), dtypes="int64", shapes=[None])
    got = [np.asarray(x).tolist() for x in tfdb.compile(spec)]
    assert got == [pp.rows_of(i).tolist() for i in range(12)]


class Labeled:
    """A callable object: a dict element with a string, a vector and a scalar (the other element forms)."""

    def __call__(self, i: int) -> dict:
        return {"name": f"item-{i}".encode(), "vec": np.array([i, -i], np.int32), "k": np.int64(i % 5)}


@pytest.mark.parametrize("threads", [1, 2])
def test_dict_elements_with_strings_cross_in_runs_through_a_shuffle_queue(threads):
    spec = tfdb.pipeline(tfdb.Producer.indexed(Labeled(), 150, threads=threads), dtypes=["string", "int32", "int64"],
                         shapes=[(), (2,), ()], names=["name", "vec", "k"], capacity=40, batch_size=7, shuffle=True,
                         min_after_dequeue=10, seed=3, allow_smaller_final_batch=True)
    got = [(n, tuple(v), int(k)) for b in tfdb.compile(spec).as_numpy_iterator()
           for n, v, k in zip(b["name"], b["vec"].tolist(), b["k"])]
    assert Counter(got) == Counter((f"item-{i}".encode(), (i, -i), i % 5) for i in range(150))


def test_dict_elements_whose_names_do_not_sort_in_order_keep_their_shapes_one_index_per_call_too():
    """Two producers take turns, an index each (one call per index): each component keeps its own shape."""
    spec = tfdb.pipeline([tfdb.Producer.indexed(Labeled(), 20), tfdb.Producer.indexed(Labeled(), 10)],
                         dtypes=["string", "int32", "int64"], shapes=[(), (2,), ()], names=["name", "vec", "k"],
                         batch_size=4, allow_smaller_final_batch=True)
    got = [(n, tuple(v)) for b in tfdb.compile(spec).as_numpy_iterator() for n, v in zip(b["name"], b["vec"].tolist())]
    assert Counter(got) == Counter([(f"item-{i}".encode(), (i, -i)) for i in range(20)]
                                   + [(f"item-{i}".encode(), (i, -i)) for i in range(10)])
