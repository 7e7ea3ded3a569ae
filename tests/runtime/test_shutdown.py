"""Clean shutdown: closing, breaking out of, deleting or garbage-collecting a pipeline mid-stream ends
every thread the bridge started, releases producers blocked on a full channel, leaves no thread waiting
on a channel, and prints none of TensorFlow's "Error occurred when finalizing GeneratorDataset
iterator"; a Ctrl-C during a blocking dequeue ends the program at once, with ``KeyboardInterrupt``.

The checks run in fresh Pythons (this file run as a script) with ``TF_CPP_MIN_LOG_LEVEL=0``, so their
thread counts start from a known baseline and their stderr holds everything TensorFlow logs (only the
two "keeps nothing alive" tests run in the test process). The shutdown scenarios share one child; each warms up once (TensorFlow starts its own pools
lazily), then is measured: after the shutdown, within ``SETTLE_S``, no thread named by the bridge is
alive, no thread (Python's or tf.data's) is inside a channel, and the Python and OS thread counts are
back to where they were.
"""

from __future__ import annotations

import functools
import gc
import json
import os
import signal
import subprocess
import sys
import threading
import time
import warnings

import pytest

FINALIZE_NOISE = "Error occurred when finalizing GeneratorDataset iterator"
SETTLE_S = 30.0  # a hang guard: the bounded wait for threads to end after a shutdown (seconds when loaded)
SLOW_CALL_S = 0.5  # the "slow producer" call
TEARDOWN_HANG_GUARD_S = 30.0  # a hang guard only: a teardown waits for the read in progress (seconds when loaded)
CHILD_TIMEOUT_S = 150
INTERRUPT_AFTER_S = 1.0  # time given to the children to enter their blocking call after "ready"
EXIT_HANG_GUARD_S = 60.0  # a hang guard only: an exit after SIGINT takes seconds on a loaded machine
SLOW_PRODUCER_S = 600.0  # longer than the hang guard: an element arriving instead of the interrupt shows
INTERRUPTED = "KeyboardInterrupt in the blocking call"
BRIDGE_THREAD_PREFIXES = ("tfdata_bridge-", "QueueRunnerThread-")


def _child_env() -> dict[str, str]:
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="0", PYTHONUNBUFFERED="1")
    env.pop("PYTHONWARNINGS", None)
    return env


def _child(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, __file__, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=_child_env(), **kwargs)


def _finished(child: subprocess.Popen, timeout: float, what: str) -> tuple[str, str]:
    """The child's stdout and stderr once it ends; the test fails if it has not ended within ``timeout``."""
    try:
        return child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        pytest.fail(f"{what} in {timeout} s\n{out[-2000:]}\n{err[-4000:]}")


# --------------------------------------------------------------------------- in-process scenarios
# (run in the child: ``python tests/runtime/test_shutdown.py scenarios``)

def _bridge_threads() -> list[str]:
    # Not the reaper (runtime/gc_guard.py): it ends once no bridge iterator is left, which these
    # scenarios do not wait for (tests/runtime/test_process_hooks_released.py does).
    return sorted(t.name for t in threading.enumerate()
                  if t.name.startswith(BRIDGE_THREAD_PREFIXES) and t.name != "tfdata_bridge-reaper")


def _python_threads() -> int:
    return sum(not isinstance(t, threading._DummyThread) for t in threading.enumerate())  # noqa: SLF001


def _os_threads() -> int:
    return len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else 0


def _inside(suffix: str) -> list[str]:
    """Names of the threads (Python's or TensorFlow's, with a Python frame) now running code in ``suffix``."""
    names = {t.ident: t.name for t in threading.enumerate()}
    found = []
    for ident, frame in sys._current_frames().items():  # noqa: SLF001
        while frame is not None:
            if frame.f_code.co_filename.replace(os.sep, "/").endswith(suffix):
                found.append(names.get(ident, str(ident)))
                break
            frame = frame.f_back
    return sorted(found)


def _blocked_producers() -> list[str]:
    return [n for n in _inside("runtime/channel.py") if n.startswith("tfdata_bridge-producer")]


def _settle(before: dict) -> dict:
    """Wait up to SETTLE_S for the thread picture to return to ``before``; report what it came to."""
    deadline = time.monotonic() + SETTLE_S
    next_collect = 0.0
    while True:
        if time.monotonic() >= next_collect:  # a collection costs tenths of a second with TensorFlow loaded
            gc.collect()
            next_collect = time.monotonic() + 0.5
        now = {"bridge": _bridge_threads(), "in_channel": _inside("runtime/channel.py"),
               "python": _python_threads(), "os": _os_threads()}
        ok = (not now["bridge"] and not now["in_channel"] and now["python"] <= before["python"]
              and now["os"] <= before["os"])
        if ok or time.monotonic() > deadline:
            return {"ok": ok, "before": before, "after": now}
        time.sleep(0.05)


def _snapshot() -> dict:
    return {"python": _python_threads(), "os": _os_threads()}


def _spec(kind: str, threads: int, *, capacity: int = 8, batch_size: int | None = 2, slow: bool = False):
    import numpy as np

    import tfdata_bridge as tfb

    item = np.arange(4, dtype=np.float32)
    if kind == "generator":
        def produce():
            while True:
                yield item
        producer = tfb.Producer.generator(produce, threads=threads, epochs=None)
    else:
        def produce():
            if slow:
                time.sleep(SLOW_CALL_S)
            return item
        producer = tfb.Producer.call(produce, threads=threads)
    return tfb.pipeline(producer, dtypes="float32", shapes=[4], capacity=capacity, batch_size=batch_size)


def _compiled(kind: str, threads: int, how: str, **spec_kwargs):
    """Read a compiled pipeline partly, then abandon it ``how``: del, break, or gc of a reference cycle."""
    import tfdata_bridge as tfb

    def scenario() -> dict:
        dataset = tfb.compile(_spec(kind, threads, **spec_kwargs))
        extra = {}
        if how == "break":
            for i, _ in enumerate(dataset):
                if i == 2:
                    break
            return extra
        iterator = iter(dataset)
        next(iterator)
        if how == "blocked":  # every producer is waiting on the full channel before the consumer leaves
            deadline = time.monotonic() + SETTLE_S
            while len(_blocked_producers()) < threads and time.monotonic() < deadline:
                time.sleep(0.02)
            extra["blocked_before"] = _blocked_producers()
        start = time.monotonic()
        if how == "cycle":
            holder = {"iterator": iterator}
            holder["self"] = holder
            del holder
        del iterator
        gc.collect()
        extra["teardown_s"] = round(time.monotonic() - start, 3)
        return extra

    return scenario


def _queue_as_dataset() -> dict:
    """An eager queue fed by a user thread, read partly through as_dataset, abandoned, then closed with
    cancel: the feeder, blocked on the full queue, gets CancelledError and ends."""
    import numpy as np
    import tensorflow as tf

    import tfdata_bridge as tfb

    q = tfb.FIFOQueue(4, "float32", shapes=[[]])
    outcome = {}

    def feed():
        try:
            for i in range(10**6):
                q.enqueue(np.float32(i))
        except tf.errors.CancelledError:
            outcome["feeder"] = "cancelled"

    feeder = threading.Thread(target=feed, name="user-feeder", daemon=True)
    feeder.start()
    iterator = iter(q.as_dataset())
    got = [float(next(iterator)) for _ in range(5)]
    del iterator
    batches = iter(q.as_dataset(batch_size=2))
    next(batches)
    holder = {"iterator": batches}
    holder["self"] = holder
    del holder, batches
    gc.collect()
    q.close(cancel_pending_enqueues=True)
    feeder.join(SETTLE_S)
    outcome.update(first=got, feeder_alive=feeder.is_alive())
    return outcome


def _queue_close_releases_blocked_callers() -> dict:
    """Threads blocked in enqueue (full queue) and in dequeue (empty queue) end when the queue closes."""
    import numpy as np
    import tensorflow as tf

    import tfdata_bridge as tfb

    full = tfb.FIFOQueue(1, "int32", shapes=[[]])
    full.enqueue(np.int32(0))
    empty = tfb.FIFOQueue(1, "int32", shapes=[[]])
    errors = {}

    def call(name, fn):
        try:
            fn()
        except tf.errors.OpError as e:
            errors[name] = type(e).__name__

    threads = [threading.Thread(target=call, args=("enqueue", lambda: full.enqueue(np.int32(1)))),
               threading.Thread(target=call, args=("dequeue", empty.dequeue))]
    for t in threads:
        t.start()
    time.sleep(0.2)
    full.close(cancel_pending_enqueues=True)
    empty.close()
    for t in threads:
        t.join(SETTLE_S)
    del full, empty
    return {"errors": errors, "alive": [t.is_alive() for t in threads]}


def _dropin(kind: str, how: str):
    """A graph-mode tf.train.batch pipeline (lifted, or on fallback runner threads: a variable read
    cannot be lifted) read partly, then shut down ``how``."""
    def scenario() -> dict:
        import numpy as np
        import tensorflow as tf

        import tfdata_bridge.compat.v1 as bridge

        outcome = {}
        with tf.Graph().as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = bridge.py_func(lambda: np.int64(1), [], tf.int64, stateful=True)
            value.set_shape([])
            if kind == "fallback":
                value = value + bridge.Variable(0, dtype=tf.int64).read_value()
            batch = bridge.train.batch([value * 2], 4, capacity=8, num_threads=2)
            sess = bridge.Session()
            sess.run(bridge.global_variables_initializer())
            coord = bridge.train.Coordinator() if how != "close_no_coord" else None
            threads = bridge.train.start_queue_runners(sess, coord)
            outcome["runner_threads"] = len(threads)
            for _ in range(3):
                sess.run(batch)
            time.sleep(0.1)  # runner threads fill the channel and block
            if how == "coord_stop":
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=SETTLE_S)
                sess.close()
            elif how in ("close", "close_no_coord"):
                sess.close()
            elif how == "gc":
                del sess
                gc.collect()
            if coord is not None and how != "coord_stop":
                deadline = time.monotonic() + SETTLE_S
                while any(t.is_alive() for t in threads) and time.monotonic() < deadline:
                    time.sleep(0.05)
                outcome["alive_before_stop"] = sum(t.is_alive() for t in threads)
                coord.request_stop()
                try:
                    coord.join(threads, stop_grace_period_secs=SETTLE_S)
                except Exception as e:  # noqa: BLE001 - reported to the test
                    outcome["join_raised"] = repr(e)
            del threads, coord
        return outcome

    return scenario


SCENARIOS = {
    "compiled call, 1 thread, del": _compiled("call", 1, "del"),
    "compiled call, 4 threads, break": _compiled("call", 4, "break"),
    "compiled generator, 1 thread, gc of a cycle": _compiled("generator", 1, "cycle", batch_size=None),
    "compiled generator, 4 threads, del": _compiled("generator", 4, "del"),
    "compiled call, 4 threads blocked in put, del": _compiled("call", 4, "blocked", capacity=2, batch_size=None),
    "compiled call inside a slow call, 2 threads, del": _compiled("call", 2, "del", slow=True),
    "eager queue as_dataset abandoned, then closed": _queue_as_dataset,
    "eager queue close releases blocked callers": _queue_close_releases_blocked_callers,
    "drop-in fallback runners, session closed": _dropin("fallback", "close"),
    "drop-in fallback runners, no coordinator, session closed": _dropin("fallback", "close_no_coord"),
    "drop-in fallback runners, coord.request_stop": _dropin("fallback", "coord_stop"),
    "drop-in lifted, session closed": _dropin("lifted", "close"),
    "drop-in lifted, session garbage-collected": _dropin("lifted", "gc"),
}


def run_scenarios() -> None:
    import logging

    import tensorflow  # noqa: F401 - imported before the baselines

    logging.getLogger("tfdata_bridge").addHandler(logging.StreamHandler(sys.stderr))
    for name, scenario in SCENARIOS.items():
        print(f"@@ {name}", file=sys.stderr, flush=True)
        scenario()  # warm-up: TensorFlow creates its thread pools as they are first needed
        _settle(_snapshot())
        before = _snapshot()
        extra = scenario()
        result = _settle(before)
        print(json.dumps({"name": name, **result, **extra}), flush=True)
    print("@@ end", file=sys.stderr, flush=True)


@pytest.fixture(scope="module")
def scenario_results():
    child = _child("scenarios")
    out, err = _finished(child, CHILD_TIMEOUT_S, "the scenarios did not finish")
    results = {r["name"]: r for r in map(json.loads, filter(None, out.splitlines()))}
    logs = {}
    for part in err.split("@@ ")[1:]:
        name, _, text = part.partition("\n")
        logs[name] = text
    return results, logs, child.returncode, err


@pytest.mark.timeout(CHILD_TIMEOUT_S + 30)
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_shutdown_ends_every_bridge_thread_quietly(scenario_results, name):
    results, logs, returncode, err = scenario_results
    assert name in results, f"scenario did not report (child exit {returncode}):\n{err[-4000:]}"
    result = results[name]
    assert result["ok"], result
    assert FINALIZE_NOISE not in logs.get(name, ""), logs[name]
    assert "Exception in QueueRunner" not in logs.get(name, ""), logs[name]
    if "blocked_before" in result:
        assert len(result["blocked_before"]) == 4, result  # the four producers really were blocked in put
    if "teardown_s" in result:
        # The consumer waits for at most the read in progress and stop()'s wait (about a second on a
        # quiet machine, several when loaded); the bound only tells that from a hang.
        assert result["teardown_s"] < TEARDOWN_HANG_GUARD_S, result
    if name.startswith("eager queue as_dataset"):
        assert result["first"] == [0.0, 1.0, 2.0, 3.0, 4.0]
        assert result["feeder"] == "cancelled" and not result["feeder_alive"]
    if name.startswith("eager queue close"):
        assert result["errors"] == {"enqueue": "CancelledError", "dequeue": "OutOfRangeError"}
        assert result["alive"] == [False, False]
    if name.startswith("drop-in fallback"):
        assert result["runner_threads"] == (2 if "no coordinator" in name else 3)
        assert result.get("alive_before_stop", 0) == 0, result  # closing the session alone ended them
        assert "join_raised" not in result, result


def test_the_scenarios_child_exits_cleanly(scenario_results):
    _, _, returncode, err = scenario_results
    assert returncode == 0, err[-4000:]
    assert FINALIZE_NOISE not in err


# --------------------------------------------------------------------------- nothing retained

class _Producer:
    """A producer object the test can hold weakly: the pipeline must not keep it once dropped."""

    def __call__(self):
        import numpy as np

        return np.float32(1)


@pytest.fixture
def release_at_once(monkeypatch):
    """A gone dataset's functions wait RELEASE_AFTER_S (for late iterator finalizers) before the next
    ``from_generator`` drops them: no wait here."""
    from tfdata_bridge._src.runtime import generator_source

    monkeypatch.setattr(generator_source, "RELEASE_AFTER_S", 0.0)


def _freed(ref) -> bool:
    """Whether ``ref``'s object goes within SETTLE_S (TensorFlow may destroy an iterator a little after
    its Python object, from one of its threads), each round collecting garbage and building another
    dataset (a ``from_generator`` call drops the functions of datasets that are gone)."""
    import tfdata_bridge as tfb

    deadline = time.monotonic() + SETTLE_S
    while True:
        gc.collect()
        tfb.FIFOQueue(1, "float32", shapes=[[]]).as_dataset()
        gc.collect()
        if ref() is None:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def test_a_dropped_compiled_pipeline_keeps_nothing_alive(release_at_once):
    """TensorFlow 2.21 keeps every eager ``from_generator``'s Python functions for the life of the
    process (tensorflow/tensorflow#37653); the bridge ties them to the dataset instead. The chain after
    ``compile`` and its iterator keep them while they live."""
    import weakref

    import tfdata_bridge as tfb

    producer = _Producer()
    ref = weakref.ref(producer)
    spec = tfb.pipeline(tfb.Producer.call(producer, calls=50), dtypes="float32", shapes=[[]], capacity=8,
                        batch_size=4)
    del producer
    iterator = iter(tfb.compile(spec).unbatch())  # only the iterator holds the datasets now
    del spec
    gc.collect()
    assert sum(1 for _ in iterator) == 48
    assert ref() is not None
    del iterator
    assert _freed(ref)


def test_a_dropped_queue_dataset_keeps_nothing_alive(release_at_once):
    import weakref

    import numpy as np

    import tfdata_bridge as tfb

    q = tfb.FIFOQueue(8, "float32", shapes=[[]])
    q.enqueue_many(np.arange(5, dtype=np.float32))
    q.close()
    channel = weakref.ref(q._channel)  # noqa: SLF001 - what would leak: the channel and its elements
    iterator = iter(q.as_dataset(batch_size=2, allow_smaller_final_batch=True))
    del q
    gc.collect()
    assert [b.numpy().tolist() for b in iterator] == [[0.0, 1.0], [2.0, 3.0], [4.0]]
    del iterator
    assert _freed(channel)


# --------------------------------------------------------------------------- exit with live pipelines

def run_exit_with_live_iterators() -> None:
    """Leave iterators alive at exit: in reference cycles, and in a global with a slow producer."""
    import numpy as np

    import tfdata_bridge as tfb

    global _keep
    cycle = {"it": iter(tfb.compile(_spec("call", 2)))}
    next(cycle["it"])
    cycle["self"] = cycle
    q = tfb.FIFOQueue(8, "float32", shapes=[[]])
    q.enqueue_many(np.arange(6, dtype=np.float32))
    queue_cycle = {"it": iter(q.as_dataset())}
    next(queue_cycle["it"])
    queue_cycle["self"] = queue_cycle
    _keep = iter(tfb.compile(_spec("call", 2, slow=True)))
    next(_keep)
    del cycle, queue_cycle
    print("exiting", flush=True)


@pytest.mark.timeout(90)
def test_exiting_with_live_iterators_is_prompt_and_quiet():
    child = _child("exit")
    out, err = _finished(child, 60, "the program did not exit")
    assert child.returncode == 0, err[-4000:]
    assert "exiting" in out
    assert FINALIZE_NOISE not in err, err[-4000:]


# --------------------------------------------------------------------------- collection on a worker thread

GC_ROUNDS = 4


def run_cycles_collected_on_worker_threads() -> None:
    """Abandon iterators in reference cycles mid-stream while the main thread allocates nothing, so the
    collection that finds each one runs on a tf.data thread (in the generator) or on a producer. Without
    the guard (``runtime/gc_guard.py``) that thread waits for itself inside the collector, and no
    collection ever runs again: the second round at the latest stays unfreed."""
    import weakref

    import numpy as np

    import tfdata_bridge as tfb

    def slow() -> np.float32:
        time.sleep(0.002)
        return np.float32(1)

    freed = []
    for _ in range(GC_ROUNDS):
        spec = tfb.pipeline(tfb.Producer.call(slow), dtypes="float32", shapes=[[]], capacity=64,
                            prefetch=100_000)  # a large prefetch keeps the tf.data thread in the generator
        gc.collect()
        gc.disable()  # keep the iterator young, so the first collection after the drop can free it
        iterator = iter(tfb.compile(spec))
        next(iterator)
        cycle = {"it": iterator}
        cycle["self"] = cycle
        ref = weakref.ref(iterator)
        del iterator, cycle
        gc.enable()
        time.sleep(1.0)  # allocating nothing: the next collection runs on another thread
        deadline = time.monotonic() + SETTLE_S
        while ref() is not None and time.monotonic() < deadline:
            gc.collect()
            time.sleep(0.05)
        freed.append(ref() is None)
        if not freed[-1]:
            break
    held = _Producer()  # is the collector still working at all? A cycle holds this object
    probe = weakref.ref(held)
    marker = [held]
    marker.append(marker)
    del held, marker
    gc.collect()
    print(json.dumps({"freed": freed, "collector_works": probe() is None}), flush=True)
    os._exit(0)  # a thread stuck in the collector would keep an ordinary exit waiting


@pytest.mark.timeout(120)
def test_an_iterator_in_a_cycle_is_never_freed_on_a_thread_it_waits_for():
    child = _child("gc-cycles")
    out, err = _finished(child, 90, "the program did not finish")
    assert child.returncode == 0, err[-4000:]
    result = json.loads(out.strip().splitlines()[-1])
    assert result == {"freed": [True] * GC_ROUNDS, "collector_works": True}, err[-4000:]


# --------------------------------------------------------------------------- Ctrl-C

def run_interrupted(case: str) -> None:
    """Block in a dequeue; the parent sends SIGINT once "ready" is printed. Everything but the blocking
    call itself (imports, building the pipeline, starting its iterator) is done before "ready", and the
    ``KeyboardInterrupt`` is reported when it comes out of that call: a SIGINT caught anywhere else would
    not show the promised property."""
    import numpy as np

    import tfdata_bridge as tfb

    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if the parent ignores SIGINT
    if case == "eager dequeue":
        q = tfb.FIFOQueue(4, "float32", shapes=[[]])
        blocking_call = q.dequeue
    elif case == "as_dataset":
        q = tfb.FIFOQueue(4, "float32", shapes=[[]])
        iterator = iter(q.as_dataset())
        blocking_call = functools.partial(next, iterator)
    else:
        threads, batch = (1, None) if case == "compiled, 1 thread" else (4, 4)

        def slow():
            time.sleep(SLOW_PRODUCER_S)
            return np.float32(1)

        spec = tfb.pipeline(tfb.Producer.call(slow, threads=threads), dtypes="float32", shapes=[[]],
                            capacity=8, batch_size=batch)
        iterator = iter(tfb.compile(spec))
        blocking_call = functools.partial(next, iterator)
    print("ready", flush=True)
    try:
        blocking_call()
    except KeyboardInterrupt:
        print(INTERRUPTED, flush=True)
        raise
    print("not interrupted", flush=True)


INTERRUPT_CASES = ["eager dequeue", "as_dataset", "compiled, 1 thread", "compiled, 4 threads, batched"]


@pytest.fixture(scope="module")
def interrupted():
    """Start every Ctrl-C case at once; once all are blocked, interrupt them all and wait for their exits
    (``EXIT_HANG_GUARD_S`` only tells a hang from a slow exit on a busy machine: it is no speed claim)."""
    children = {case: _child("interrupt", case) for case in INTERRUPT_CASES}
    results = {}
    for case, child in list(children.items()):
        ready = child.stdout.readline()  # blocks until "ready" (or EOF if the child failed)
        if "ready" not in ready:
            child.kill()
            results[case] = (None, "", ready + child.communicate()[1])
            del children[case]
    time.sleep(INTERRUPT_AFTER_S)  # each is now blocked in its dequeue

    def wait(case: str, child: subprocess.Popen) -> None:
        try:
            out, err = child.communicate(timeout=EXIT_HANG_GUARD_S)
            results[case] = (child.returncode, out, err)
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
            results[case] = (None, out, f"no exit {EXIT_HANG_GUARD_S} s after SIGINT\n{err}")

    waiters = [threading.Thread(target=wait, args=item) for item in children.items()]
    for child in children.values():
        child.send_signal(signal.SIGINT)
    for waiter in waiters:
        waiter.start()
    for waiter in waiters:
        waiter.join()
    return results


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
@pytest.mark.timeout(CHILD_TIMEOUT_S + EXIT_HANG_GUARD_S)
@pytest.mark.parametrize("case", INTERRUPT_CASES)
def test_ctrl_c_during_a_blocking_dequeue_ends_the_program(interrupted, case):
    """What the README promises: the blocking call ends with ``KeyboardInterrupt`` (not with the slow
    producer's element: that would take ``SLOW_PRODUCER_S``, past the hang guard), and the program then
    ends by it, quietly. How fast is the benchmarks' business, not a bound here."""
    returncode, out, err = interrupted[case]
    assert returncode is not None, err[-4000:]
    assert out.splitlines()[-1:] == [INTERRUPTED], f"stdout: {out!r}\n{err[-4000:]}"
    assert returncode in (-signal.SIGINT, 128 + signal.SIGINT), err[-4000:]
    assert err.rstrip().splitlines()[-1] == "KeyboardInterrupt", err[-4000:]
    assert FINALIZE_NOISE not in err


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: the shared helpers
    if sys.argv[1] == "scenarios":
        run_scenarios()
    elif sys.argv[1] == "exit":
        run_exit_with_live_iterators()
    elif sys.argv[1] == "gc-cycles":
        run_cycles_collected_on_worker_threads()
    elif sys.argv[1] == "interrupt":
        run_interrupted(sys.argv[2])
