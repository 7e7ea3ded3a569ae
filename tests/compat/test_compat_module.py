"""``tfdata_bridge.compat.v1`` as a module: it is ``tensorflow.compat.v1`` except the queue APIs of the
mapping table, and the queue shims take exactly TensorFlow's parameters."""

from __future__ import annotations

import inspect
import warnings

import pytest

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import graph_queues
from tfdata_bridge._src.compat.notice import message, notice, reset
from tfdata_bridge._src.compat.shim_module import _SESSIONS, ShimModule
from tfdata_bridge._src.symbols import SYMBOLS, lookup
from tfdata_bridge._src.warnings import CompiledToTfDataWarning

QUEUES = ["QueueBase", "FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue"]
SHIM_PATHS = sorted([path for sym in SYMBOLS if sym.shim for path in sym.paths] + list(_SESSIONS))
QUEUE_PATHS = [path for path in SHIM_PATHS if path.rsplit(".", 1)[-1] in QUEUES]


def resolve(root, path):
    obj = root
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def public(module):
    return [name for name in dir(module) if not name.startswith("_")]


def test_every_public_name_of_tf_compat_v1_is_in_dir(tf):
    missing = set(public(tf.compat.v1)) - set(dir(bridge))
    assert not missing


@pytest.mark.parametrize("submodule", ["train", "queue", "io", "data", "train.queue_runner"])
def test_every_public_name_of_a_submodule_is_in_its_dir(tf, submodule):
    assert set(public(resolve(tf.compat.v1, submodule))) <= set(dir(resolve(bridge, submodule)))


def test_attributes_that_are_not_replaced_are_tensorflows_own_objects(tf):
    parents = {path.split(".")[0] for path in SHIM_PATHS if "." in path}
    for name in public(tf.compat.v1):
        if name in SHIM_PATHS or name in parents or name == "compat":
            continue
        assert getattr(bridge, name) is getattr(tf.compat.v1, name), name
    for name in public(tf.compat.v1.compat):  # all TensorFlow's but v1, which is the drop-in itself
        assert getattr(bridge.compat, name) is (bridge if name == "v1" else getattr(tf.compat.v1.compat, name)), name
    for parent in parents:
        for name in public(getattr(tf.compat.v1, parent)):
            if f"{parent}.{name}" in SHIM_PATHS or f"{parent}.{name}" in {p.rsplit(".", 1)[0] for p in SHIM_PATHS}:
                continue
            assert getattr(getattr(bridge, parent), name) is getattr(getattr(tf.compat.v1, parent), name), name


def test_the_submodules_holding_shims_are_shim_modules_over_tensorflows():
    for parent in ("train", "queue", "io", "train.queue_runner"):
        assert isinstance(resolve(bridge, parent), ShimModule)


FROM_SUBMODULE = """
import sys
from tfdata_bridge.compat.v1.train import SessionManager, batch  # before anything touched tf.train
from tfdata_bridge.compat.v1.train.queue_runner import QueueRunner
import tfdata_bridge.compat.v1.io as io
from tfdata_bridge.compat.v1.nn import relu
import tfdata_bridge.compat.v1 as tf
import tensorflow
assert SessionManager.__module__ == "tfdata_bridge._src.compat.session_manager", SessionManager
assert batch is tf.train.batch and batch.__module__ == "tfdata_bridge._src.compat.batching", batch
assert QueueRunner is tf.train.queue_runner.QueueRunner is tf.train.QueueRunner, QueueRunner
assert QueueRunner.__module__.startswith("tfdata_bridge."), QueueRunner
assert io is tf.io and io.TFRecordWriter is tensorflow.io.TFRecordWriter
assert relu is tensorflow.nn.relu and tf.nn.relu is relu
try:
    import tfdata_bridge.compat.v1.no_such_module
except ImportError:
    pass
else:
    raise AssertionError("imported a module TensorFlow does not have")
print("ok")
"""


def test_importing_from_a_submodule_gives_the_shims_and_keeps_them(tmp_path):
    # a fresh process: in this one, tf.train was made a shim module by an attribute access already
    import os
    import subprocess
    import sys

    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}
    done = subprocess.run([sys.executable, "-c", FROM_SUBMODULE], capture_output=True, text=True, env=env,
                          timeout=120, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:]


def test_disable_v2_behavior_and_friends_are_tensorflows(tf):
    for name in ("disable_v2_behavior", "enable_v2_behavior", "disable_eager_execution", "placeholder", "errors",
                 "float32"):
        assert getattr(bridge, name) is getattr(tf.compat.v1, name)
    for name in ("Session", "InteractiveSession"):  # TensorFlow's, with a run() that tells the Coordinator
        assert issubclass(getattr(bridge, name), getattr(tf.compat.v1, name))
    assert bridge.train.Coordinator is tf.compat.v1.train.Coordinator
    # TensorFlow's, with a hook that makes their session the drop-in one (test_compat_monitored.py)
    assert issubclass(bridge.train.MonitoredSession, tf.compat.v1.train.MonitoredSession)


def test_every_shim_path_names_an_attribute_tensorflow_has(tf):
    # a drop-in must not grow names TensorFlow does not have (tf.compat.v1.io has no FIFOQueue)
    for path in SHIM_PATHS:
        resolve(tf.compat.v1, path)


@pytest.mark.parametrize("path", QUEUE_PATHS)
def test_queue_paths_resolve_to_the_bridge_queues(path):
    assert resolve(bridge, path) is getattr(graph_queues, path.rsplit(".", 1)[-1])


def test_unknown_attributes_raise_attribute_error():
    with pytest.raises(AttributeError):
        bridge.NoSuchThing  # noqa: B018
    with pytest.raises(AttributeError):
        bridge.train.no_such_thing  # noqa: B018


def test_star_import_gives_every_public_name():
    namespace: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec("from tfdata_bridge.compat.v1 import *", namespace)  # noqa: S102
    assert "FIFOQueue" in namespace and "Session" in namespace and "placeholder" in namespace
    assert namespace["FIFOQueue"] is graph_queues.FIFOQueue
    assert namespace["Session"] is bridge.Session
    assert not [name for name in namespace if name.startswith("_") and name != "__builtins__"]


# --- the queue shims take exactly TensorFlow's parameters --------------------------------------


def parameters(fn):
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]


@pytest.mark.parametrize("name", QUEUES)
def test_queue_constructor_signature_is_tensorflows(tf, name):
    assert parameters(getattr(bridge, name)) == parameters(getattr(tf.compat.v1, name))


@pytest.mark.parametrize("name", QUEUES)
def test_queue_method_signatures_are_tensorflows(tf, name):
    ours, theirs = getattr(bridge, name), getattr(tf.compat.v1, name)
    methods = [m for m in dir(theirs) if not m.startswith("_") and callable(getattr(theirs, m))]
    assert set(methods) >= {"enqueue", "enqueue_many", "dequeue", "dequeue_many", "dequeue_up_to", "close",
                            "is_closed", "size", "from_list"}
    for method in methods:
        assert parameters(getattr(ours, method)) == parameters(getattr(theirs, method)), method
    for prop in ("dtypes", "shapes", "names", "name", "queue_ref"):
        assert isinstance(inspect.getattr_static(ours, prop), property), prop


# --- the teaching warning --------------------------------------------------------------------


def test_notice_warns_once_per_call_site_with_the_tables_chain():
    reset()

    def shim():
        return notice("train.batch", stacklevel=2)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = [shim() for _ in range(3)]  # one call site, three calls
        second = shim()  # another call site
    assert first == [True, False, False] and second is True
    assert [w.category for w in caught] == [CompiledToTfDataWarning] * 2
    assert str(caught[0].message) == message("train.batch")
    assert lookup("train.batch").chain in str(caught[0].message)
    assert caught[0].filename == __file__  # attributed to the user's line, not the shim's


def test_a_queue_constructor_warns_once_per_call_site(tf):
    reset()
    with tf.Graph().as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(2):
            bridge.FIFOQueue(3, tf.int32)
        bridge.queue.FIFOQueue(3, tf.int32)
    notices = [w for w in caught if w.category is CompiledToTfDataWarning]
    assert len(notices) == 2
    assert all(w.filename == __file__ for w in notices)
    assert lookup("FIFOQueue").chain in str(notices[0].message)
