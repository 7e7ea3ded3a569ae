"""The drop-in ``Session`` runs a repeated fetch through ``make_callable``: the results, their
structure and the errors are ``Session.run``'s, against legacy's session running the same graph."""

from __future__ import annotations

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import session as bridge_session

LEGACY = tf.compat.v1
pytestmark = pytest.mark.timeout(120)


def _graph():
    """Constants and ops to fetch, and a ``py_func`` that fails on its third call."""
    calls = [0]

    def flaky() -> np.float32:
        calls[0] += 1
        if calls[0] >= 3:
            raise ValueError(f"corrupt record {calls[0]}")
        return np.float32(calls[0])

    graph = tf.Graph()
    with graph.as_default():
        a = tf.constant([1.0, 2.0], name="a")
        b = tf.constant(3, name="b")
        counter = tf.compat.v1.Variable(0, name="counter", use_resource=True)
        bump = counter.assign_add(1).op
        failing = tf.compat.v1.py_func(flaky, [], tf.float32, name="flaky")
        init = tf.compat.v1.global_variables_initializer()
        read = counter.read_value()
    return graph, {"a": a, "b": b, "bump": bump, "failing": failing, "counter": read, "init": init}


def _fetches(t):
    return [t["a"], t["bump"], [t["a"], t["b"]], (t["b"], t["bump"]), [t["a"], t["a"]]]


def _run_all(module):
    graph, t = _graph()
    with module.Session(graph=graph) as sess:
        sess.run(t["init"])
        results = [sess.run(f) for _ in range(3) for f in _fetches(t)]
        results.append(sess.run(t["counter"]))
    return results


def _same(a, b) -> bool:
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if a is None or b is None:
        return a is b
    return type(a) is type(b) and np.array_equal(a, b)


def test_results_and_their_structure_are_runs():
    legacy, dropin = _run_all(LEGACY), _run_all(bridge)
    assert len(legacy) == len(dropin)
    for expected, got in zip(legacy, dropin):
        assert _same(expected, got), (expected, got)
    assert dropin[-1] == 6  # the op ran once per fetch naming it (twice a round), repeated runs included


def test_a_repeated_fetch_is_made_callable_once(monkeypatch):
    graph, t = _graph()
    with bridge.Session(graph=graph) as sess:
        made = []
        make = sess.make_callable
        monkeypatch.setattr(sess, "make_callable", lambda fetches: made.append(fetches) or make(fetches))
        for _ in range(5):
            sess.run([t["a"], t["b"]])  # a new list each time, the same tensors
            sess.run(t["a"])
        sess.run(t["a"], feed_dict={t["b"]: 4})  # a run with feeds is run's own
    assert len(made) == 2, made


def _error(module, times: int):
    graph, t = _graph()
    with module.Session(graph=graph) as sess:
        for _ in range(times - 1):
            sess.run(t["failing"])
        with pytest.raises(tf.errors.OpError) as info:
            sess.run(t["failing"])
    return info.value


def test_an_error_reads_as_runs():
    legacy, dropin = _error(LEGACY, 3), _error(bridge, 3)
    assert type(dropin) is type(legacy) is tf.errors.InvalidArgumentError
    assert dropin.message == legacy.message
    assert "corrupt record 3" in dropin.message
    assert dropin.op is not None and dropin.op.name == legacy.op.name == "flaky"
    assert dropin.node_def.name == legacy.node_def.name


@pytest.mark.parametrize("module", [LEGACY, bridge], ids=["legacy", "drop-in"])
def test_a_closed_session_refuses_a_repeated_fetch_as_legacy(module):
    graph, t = _graph()
    sess = module.Session(graph=graph)
    sess.run(t["a"])
    sess.run(t["a"])
    sess.close()
    with pytest.raises(RuntimeError, match="Attempted to use a closed Session"):
        sess.run(t["a"])


def test_callables_kept_per_session_are_bounded():
    graph = tf.Graph()
    with graph.as_default():
        tensors = [tf.constant(i) for i in range(bridge_session.CALLABLES + 20)]
    with bridge.Session(graph=graph) as sess:
        assert [sess.run(x) for x in tensors] == list(range(len(tensors)))
        kept = sess.__dict__["_tfdata_bridge_callables"]
        assert len(kept) <= bridge_session.CALLABLES
        assert [sess.run(x) for x in tensors] == list(range(len(tensors)))  # the dropped ones come back
