"""Resuming a compiled index-producer spec mid-epoch (issue 19, item 4): tf.data calls ``fn(i)`` over
``range(count)`` itself (``compiler/index_source.py``), so ``tf.train.Checkpoint(iterator=...)`` saves where the
iterator stands. A child process takes part of an epoch and saves; this process builds the same spec, restores,
and takes the rest: the union is exactly one epoch (each index once), and with one thread through a fifo queue
the rest is exactly what the epoch had left, in order.

The oracle is ``[fn(i) for i in range(count)]`` called here. Also: a producer's exception reaches the consumer
as its own type after every element made before it; a ``StopIteration`` is refused naming the rule (tf.data
would take it for the end of the data and lose the rest silently)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections import Counter

import numpy as np
import pytest

import process_producers as pp
import tfdata_bridge as tfdb
from tfdata_bridge._src.tf import tf

pytestmark = pytest.mark.timeout(240)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# the specs, by name: built alike in the child (which saves) and here (which restores)
SPECS = textwrap.dedent('''
    import process_producers as pp
    import tfdata_bridge as tfdb

    def spec(name):
        if name == "ordered":  # one thread, a fifo queue, batches: the order is the producer's
            return tfdb.pipeline(tfdb.Producer.indexed(pp.square, 41), dtypes="int64", shapes=[()],
                                 capacity=8, batch_size=4, allow_smaller_final_batch=True)
        if name == "shuffled":  # three threads into a shuffle queue (seeded), a dict element
            return tfdb.pipeline(tfdb.Producer.indexed(pp.scaled_pair, 57, threads=3), dtypes=["int64", "int64"],
                                 shapes=[(), ()], names=["x", "y"], capacity=16, batch_size=5, shuffle=True,
                                 min_after_dequeue=4, seed=7, allow_smaller_final_batch=True)
        if name == "many":  # each index makes a batch of rows (enqueue_many); two producers take turns
            return tfdb.pipeline([tfdb.Producer.indexed(pp.rows_of, 9, enqueue_many=True),
                                  tfdb.Producer.indexed(pp.square, 12)], dtypes="int64", shapes=[()],
                                 capacity=10, batch_size=3, allow_smaller_final_batch=True)
        if name == "runs":  # two threads, runs of 18 indices (300 // 16) a call: the save falls inside runs
            return tfdb.pipeline(tfdb.Producer.indexed(pp.square, 300, threads=2), dtypes="int64", shapes=[()],
                                 capacity=16, batch_size=8, allow_smaller_final_batch=True)
        if name == "many_one":  # one producer, rows per index (none for every third), one thread: in order
            return tfdb.pipeline(tfdb.Producer.indexed(pp.rows_of, 41, enqueue_many=True), dtypes="int64",
                                 shapes=[()], capacity=6, batch_size=3, allow_smaller_final_batch=True)
        raise KeyError(name)
''')
ORACLES = {
    "ordered": [i * i for i in range(41)],
    "shuffled": [2 * i for i in range(57)],
    "many": [r for i in range(9) for r in pp.rows_of(i).tolist()] + [i * i for i in range(12)],
    "runs": [i * i for i in range(300)],
    "many_one": [r for i in range(41) for r in pp.rows_of(i).tolist()],
}
TAKEN = {"ordered": 3, "shuffled": 4, "many": 5, "runs": 5, "many_one": 4}  # batches taken before the save


def _first(batch) -> list[int]:
    """A batch's values (a dict element's ``x``)."""
    return np.asarray(batch["x"] if isinstance(batch, dict) else batch).tolist()


CHILD = SPECS + textwrap.dedent('''
    import json, sys
    import tensorflow as tf

    out = {}
    for name, taken in json.loads(sys.argv[2]).items():
        iterator = iter(tfdb.compile(spec(name)))
        batches = [next(iterator) for _ in range(taken)]
        out[name] = [(b["x"] if isinstance(b, dict) else b).numpy().tolist() for b in batches]
        tf.train.Checkpoint(iterator=iterator).save(sys.argv[1] + "/" + name + "/ckpt")
    print(json.dumps(out))
''')


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """What the child took of each spec before it saved, and the folder of the checkpoints."""
    folder = tmp_path_factory.mktemp("resume")
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2",
           "PYTHONPATH": os.pathsep.join([ROOT, os.path.join(ROOT, "tests")])}
    run = subprocess.run([sys.executable, "-c", CHILD, str(folder), json.dumps(TAKEN)], capture_output=True,
                         text=True, env=env, timeout=200)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1]), folder


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_a_checkpoint_taken_mid_epoch_restores_the_rest_of_it_in_a_new_process(saved, name):
    before, folder = saved
    namespace: dict = {}
    exec(SPECS, namespace)
    iterator = iter(tfdb.compile(namespace["spec"](name)))
    tf.train.Checkpoint(iterator=iterator).restore(tf.train.latest_checkpoint(str(folder / name))).assert_consumed()
    after = [_first(b) for b in iterator]
    taken = [v for b in before[name] for v in b]
    rest = [v for b in after for v in b]
    oracle = ORACLES[name]
    assert len(before[name]) == TAKEN[name] and 0 < len(taken) < len(oracle) // 2 + 10
    assert Counter(taken + rest) == Counter(oracle)  # the epoch exactly: nothing lost, nothing twice
    if name in ("ordered", "many_one"):
        assert taken + rest == oracle  # and in the producer's order, across the save
        assert [len(b) for b in after][-1] == len(oracle) % (4 if name == "ordered" else 3)  # the short last batch


def test_the_iterator_state_is_saved_without_external_state_warnings_or_refusal(tmp_path):
    """A spec of a call producer (Python state tf.data cannot save) is refused by TensorFlow; an index
    producer's is tf.data's own (``range`` + a stateless function) and saves."""
    index = iter(tfdb.compile(tfdb.pipeline(tfdb.Producer.indexed(pp.square, 10), dtypes="int64", shapes=[()])))
    next(index)
    tf.train.Checkpoint(iterator=index).save(str(tmp_path / "index"))
    calls = iter(tfdb.compile(tfdb.pipeline(tfdb.Producer.call(pp.counted_call, calls=10), dtypes="int64",
                                            shapes=[()])))
    next(calls)
    with pytest.raises(tf.errors.FailedPreconditionError, match="stateful"):
        tf.train.Checkpoint(iterator=calls).save(str(tmp_path / "calls"))


@pytest.mark.parametrize("threads", [1, 2])
def test_a_producer_raising_reaches_the_consumer_as_its_own_exception_after_what_was_made(threads):
    spec = tfdb.pipeline(tfdb.Producer.indexed(pp.fails_at_seven, 20, threads=threads), dtypes="int64",
                         shapes=[()], capacity=4)
    got = []
    with pytest.raises(pp.ProducerFailure, match="index 7") as info:
        for value in tfdb.compile(spec):
            got.append(int(value))
    assert "fails_at_seven" in str(info.value.__notes__)  # the bridge's note: which producer
    if threads == 1:
        assert got == list(range(7))  # every element before the failure, in order
    else:
        assert 7 not in got and len(set(got)) == len(got)


def test_a_producer_raising_stop_iteration_is_refused_naming_the_rule():
    spec = tfdb.pipeline(tfdb.Producer.indexed(pp.stops_at_three, 10), dtypes="int64", shapes=[()])
    got = []
    with pytest.raises(RuntimeError, match=r"raised StopIteration for index 3.*range\(10\)"):
        for value in tfdb.compile(spec):
            got.append(int(value))
    assert got == [0, 1, 2]


def test_a_wrong_element_names_the_producer_the_index_and_the_rule():
    spec = tfdb.pipeline(tfdb.Producer.indexed(pp.square, 5), dtypes=["int64", "int64"], shapes=[(), ()])
    with pytest.raises(Exception, match="square") as info:
        list(tfdb.compile(spec))
    assert "2 components" in str(info.value)
