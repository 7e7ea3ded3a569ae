"""Issue 19, item 1: producer specs run in process workers (``pipeline(..., workers=N)``).

The oracle is the same spec run on threads (``workers=None``): the workers deliver the same multiset of
elements, made once between them (a generator shards itself through ``worker_info()``; a call producer's
``calls`` are split exactly). Every test checks that the workers are gone (reaped: no zombie) and no
shared-memory segment is left. The producers live in ``process_producers.py``, which imports no
TensorFlow, so a worker does not either (checked)."""

from __future__ import annotations

import os
import signal
import time
from collections import Counter

import numpy as np
import pytest

import process_leftovers
import process_producers as pp
import tfdata_bridge as tfdb
from tfdata_bridge._src.runtime.worker_errors import RemoteTraceback

pytestmark = pytest.mark.timeout(240)


def _run(spec):
    """Everything a compiled spec yields, as numpy."""
    return list(tfdb.compile(spec).as_numpy_iterator())


@pytest.fixture
def no_leftovers():
    """After the test: no worker process and no shared-memory segment of this process is left."""
    import multiprocessing

    yield
    deadline = time.monotonic() + 20
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    assert process_leftovers.wait_gone([]) == ([], [])


def test_worker_info_is_none_outside_a_worker():
    assert tfdb.worker_info() is None


def test_a_sharded_generator_makes_its_data_once_as_threads_do(no_leftovers):
    threads = _run(tfdb.pipeline(pp.sharded_100, dtypes="int64", shapes=[()], capacity=32))
    workers = _run(tfdb.pipeline(pp.sharded_100, dtypes="int64", shapes=[()], capacity=32, workers=3))
    assert sorted(threads) == list(range(100))
    assert Counter(int(x) for x in workers) == Counter(int(x) for x in threads)


def test_a_call_producers_calls_are_split_exactly_between_workers(no_leftovers):
    spec = tfdb.pipeline(tfdb.Producer.call(pp.counted, calls=11), dtypes="int64", shapes=[()], workers=3,
                         batch_size=4, allow_smaller_final_batch=True)
    batches = _run(spec)
    assert [len(b) for b in batches] == [4, 4, 3]  # 11 calls in all, not 11 per worker
    made = sorted(int(x) for b in batches for x in b)
    # worker w's calls are numbered 1, 2, ... (w * 1,000,000 added): 11 = 4 + 4 + 3
    assert made == [1, 2, 3, 4, 1_000_001, 1_000_002, 1_000_003, 1_000_004, 2_000_001, 2_000_002, 2_000_003]


def test_each_worker_has_its_id_seed_and_process_and_no_tensorflow(no_leftovers):
    rows = _run(tfdb.pipeline(pp.who_am_i, dtypes=["int64"] * 5 + ["float64"], shapes=[()] * 6, workers=3))
    ids, counts, pids, seeds, tf_loaded, draws = (sorted(int(v) for v in col) if i < 5 else list(col)
                                                  for i, col in enumerate(zip(*rows)))
    assert ids == [0, 1, 2] and counts == [3, 3, 3]
    assert len(set(pids)) == 3 and os.getpid() not in pids
    assert len(set(seeds)) == 3
    assert tf_loaded == [0, 0, 0]  # a worker imports numpy and the producer's module, not TensorFlow
    assert len(set(draws)) == 3  # numpy's global generator is seeded per worker
    assert process_leftovers.wait_gone(pids) == ([], [])


def test_one_mib_elements_cross_intact_and_leave_no_segment(no_leftovers):
    spec = tfdb.pipeline(pp.big_64, dtypes="uint8", shapes=[(1 << 20,)], capacity=8, batch_size=4, workers=2)
    batches = _run(spec)
    rows = [row for b in batches for row in b]
    assert len(rows) == 64
    assert sorted(int(r[0]) for r in rows) == sorted(i % 251 for i in range(64))
    assert all((r == r[0]).all() for r in rows)  # every byte of every element arrived


def test_whole_batches_cross_with_a_static_batch_dimension_and_the_short_tail_dropped(no_leftovers):
    # each batch crosses as its own call (a view of a worker's chunk); dequeue_many drops the short tail
    spec = tfdb.pipeline(pp.sharded_100, dtypes="int64", shapes=[()], capacity=32, batch_size=8, workers=2)
    dataset = tfdb.compile(spec)
    assert dataset.element_spec.shape.as_list() == [8]
    batches = list(dataset.as_numpy_iterator())
    assert [len(b) for b in batches] == [8] * 12  # 100 elements: 12 whole batches, 4 left over
    made = [int(x) for b in batches for x in b]
    assert len(set(made)) == 96 and set(made) <= set(range(100))


def test_ragged_and_string_components_cross_as_threads_deliver_them(no_leftovers):
    def run(workers):
        spec = tfdb.pipeline(pp.ragged_and_strings, dtypes=["float32", "string"], shapes=[(None,), ()],
                             workers=workers)
        return sorted((s, tuple(a.tolist())) for a, s in _run(spec))

    assert run(2) == run(None)
    assert len(run(2)) == 20


def test_a_producers_exception_arrives_with_its_type_message_and_traceback(no_leftovers):
    spec = tfdb.pipeline(pp.fails_after_five, dtypes=["int64", "int64"], shapes=[(), ()], workers=2)
    got = []
    with pytest.raises(pp.ProducerFailure, match="bad record 5 in worker 0") as info:
        for element in tfdb.compile(spec):
            got.append(tuple(int(v) for v in element))
    # what worker 0 made before it raised was handed over before the error
    assert [i for w, i in got if w == 0] == [0, 1, 2, 3, 4]
    cause = info.value.__cause__
    assert isinstance(cause, RemoteTraceback)
    assert "in fails_after_five" in cause.text and "raise ProducerFailure" in cause.text
    assert "process worker 0 of 2 of producer 'fails_after_five'" in "".join(info.value.__notes__)


def test_an_exception_that_cannot_be_rebuilt_arrives_as_worker_error(no_leftovers):
    spec = tfdb.pipeline(pp.fails_unpicklably, dtypes="int64", shapes=[()], workers=1)
    with pytest.raises(tfdb.WorkerError, match=r"process_producers.Unpicklable: x/y .*make the exception class "
                                                r"picklable") as info:
        list(tfdb.compile(spec))
    assert "raise Unpicklable" in info.value.__cause__.text


def test_a_worker_that_exits_is_reported_with_its_exit_code(no_leftovers):
    spec = tfdb.pipeline(pp.dies_at_once, dtypes="int64", shapes=[()], workers=2)
    with pytest.raises(tfdb.WorkerDiedError, match=r"died before its producer ended: exit code 3 \(exited\)"):
        list(tfdb.compile(spec))


def test_a_worker_killed_mid_epoch_is_reported_and_everything_ends(no_leftovers):
    spec = tfdb.pipeline(pp.endless_pids, dtypes=["int64", "int64"], shapes=[(), ()], workers=2, capacity=16)
    iterator = iter(tfdb.compile(spec))
    pids: set[int] = set()
    while len(pids) < 2:
        pids.add(int(next(iterator)[0]))
    victim = min(pids)
    os.kill(victim, signal.SIGKILL)
    killed = time.monotonic()
    with pytest.raises(tfdb.WorkerDiedError, match=rf"\(pid {victim}\) died .*exit code -9 \(killed by SIGKILL\)"):
        for _ in range(1_000_000):
            next(iterator)
    # the consumer took what was buffered, then the error: within seconds even on a loaded machine
    assert time.monotonic() - killed < 20
    del iterator
    assert process_leftovers.wait_gone(sorted(pids)) == ([], [])


def test_an_abandoned_iteration_ends_its_workers(no_leftovers):
    spec = tfdb.pipeline(pp.endless_pids, dtypes=["int64", "int64"], shapes=[(), ()], workers=2, capacity=8)
    iterator = iter(tfdb.compile(spec))
    pids = {int(next(iterator)[0]) for _ in range(20)}
    del iterator  # the workers are busy making elements: told to stop, they end
    assert process_leftovers.wait_gone(sorted(pids)) == ([], [])


def test_stopping_ends_workers_whose_producer_call_never_returns(no_leftovers):
    # At the runtime level: through tf.data, deleting an iterator first waits for the read in progress
    # (the channel's own fix wakes it); the pool's part is to end workers stuck in a call.
    from tfdata_bridge._src.runtime.channel import Channel
    from tfdata_bridge._src.runtime.process_workers import ProcessPool
    from tfdata_bridge._src.spec import Producer, Signature

    channel = Channel(8)
    pool = ProcessPool([Producer.generator(pp.sleeps_forever)], channel, Signature.of("int64", [()]),
                       workers=2).start()
    assert [int(e[0]) for e in channel.get_available(8, timeout=120)] == [1]
    pids = pool.pids
    pool.stop()  # "stop", then SIGTERM after STOP_GRACE_S: the sleeping workers are terminated
    assert process_leftovers.running(pids) == [] and process_leftovers.segments() == []


def test_workers_end_when_the_consumers_process_is_killed(tmp_path):
    import subprocess
    import sys

    script = tmp_path / "consumer.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(pp.__file__.rsplit('/', 1)[0])!r})\n"
        "import process_producers as pp\n"
        "from tfdata_bridge._src.runtime.channel import Channel\n"
        "from tfdata_bridge._src.runtime.process_workers import ProcessPool\n"
        "from tfdata_bridge._src.spec import Producer, Signature\n"
        "if __name__ == '__main__':\n"
        "    channel = Channel(8)\n"
        "    pool = ProcessPool([Producer.generator(pp.sleeps_forever)], channel, Signature.of('int64', [()]),\n"
        "                       workers=2).start()\n"
        "    channel.get_available(8, timeout=120)\n"
        "    print(*pool.pids, flush=True)\n"
        "    import time; time.sleep(600)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        pids = [int(p) for p in child.stdout.readline().split()]
        assert len(pids) == 2
        child.kill()  # SIGKILL: no exit hook runs; the workers, asleep in a call, notice they are orphans
        child.wait(timeout=60)
        # and once they are gone, Python's resource tracker (its own process) unlinks the segments
        assert process_leftovers.wait_gone(pids, owner=child.pid) == ([], [])
    finally:
        if child.poll() is None:
            child.kill()


def test_worker_info_shards_in_every_worker_of_every_producer(no_leftovers):
    spec = tfdb.pipeline([pp.sharded_100, pp.sharded_100], dtypes="int64", shapes=[()], workers=2)
    assert Counter(int(x) for x in _run(spec)) == Counter(list(range(100)) * 2)


# -- validation: the rule, the value and the fix
@pytest.mark.parametrize("workers, error, message", [
    (0, ValueError, r"workers \(0\) must be an int >= 1 or None; pass how many worker processes"),
    ("2", TypeError, r"workers \('2'\) must be an int >= 1 or None"),
    (True, TypeError, r"workers \(True\) must be an int"),
])
def test_workers_must_be_a_positive_int(workers, error, message):
    with pytest.raises(error, match=message):
        tfdb.pipeline(pp.sharded_100, dtypes="int64", workers=workers)


def test_threads_and_workers_do_not_combine():
    with pytest.raises(ValueError, match=r"producer 'sharded_100' has threads=2 and the pipeline workers=2: a "
                                         r"producer runs either on threads or in worker processes"):
        tfdb.pipeline(pp.sharded_100, dtypes="int64", threads=2, workers=2)


def test_a_lambda_producer_is_refused_naming_what_cannot_be_pickled():
    with pytest.raises(TypeError, match=r"workers=2 runs producer '.*<locals>.<lambda>' in worker processes, which "
                                        r"receive it pickled, and the producer \(function '.*<locals>.<lambda>'\) "
                                        r"cannot be pickled \(AttributeError: Can't pickle local object .*\); define "
                                        r"the producer at the top level of a module"):
        tfdb.pipeline(lambda: np.int64(1), dtypes="int64", workers=2)


def test_an_unpicklable_part_of_a_producer_is_named():
    import functools
    import threading

    producer = functools.partial(pp.sharded_range, threading.Lock())
    with pytest.raises(TypeError, match=r"the producer\.args\[0\] \(lock .*\) cannot be pickled \(TypeError: "
                                        r"cannot pickle '_thread.lock' object\)"):
        tfdb.pipeline(tfdb.Producer.generator(producer, name="locked"), dtypes="int64", workers=2)


def test_one_worker_keeps_the_producers_order():
    spec = tfdb.pipeline(pp.sharded_100, dtypes="int64", shapes=[()], workers=1)
    assert spec.deterministic
    assert not tfdb.pipeline(pp.sharded_100, dtypes="int64", shapes=[()], workers=2).deterministic
    assert [int(x) for x in _run(spec)] == list(range(100))


def test_explained_code_makes_the_same_elements_and_says_what_workers_do(no_leftovers):
    spec = tfdb.pipeline(pp.sharded_100, dtypes="int64", shapes=[()], workers=2, batch_size=8,
                         allow_smaller_final_batch=True)
    source = tfdb.explain(spec)
    assert "# workers=2: compile() runs each producer in 2 worker process(es)" in source
    namespace = {"sharded_100": pp.sharded_100}
    exec(source, namespace)
    explained = sorted(int(x) for b in namespace["dataset"] for x in b)
    assert explained == sorted(int(x) for b in _run(spec) for x in b) == list(range(100))


def test_a_producer_defined_in_a_session_without_a_script_file_is_refused():
    import subprocess
    import sys

    code = ("import numpy as np, tfdata_bridge as tfdb\n"
            "def make():\n    yield np.int64(1)\n"
            "try:\n    tfdb.pipeline(make, dtypes='int64', workers=2)\n"
            "except TypeError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120).stdout
    assert ("workers=2 runs producer 'make' in worker processes, which receive it pickled, and it is defined in "
            "__main__ of a session with no script file (a notebook, the interactive prompt, python -c), which a "
            "worker process cannot import; define the producer in a module file (producers.py, say) and import "
            "it from there, or run the producer on threads (workers=None)") in out, out
