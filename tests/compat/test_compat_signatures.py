"""Every shim of the mapping table takes exactly the parameters (names, kinds, defaults) of the
TensorFlow original it replaces. The queue classes are checked, constructors and methods, by
``test_compat_module.py``; this file checks the rest: the batch family, the queue runners, the input
producers and the readers."""

from __future__ import annotations

import inspect

import pytest

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.symbols import SIGNATURES, SYMBOLS

QUEUE_MODULE = "tfdata_bridge._src.compat.graph_queues"
PATHS = sorted(path for sym in SYMBOLS if sym.shim and not sym.shim.startswith(QUEUE_MODULE + ":") for path in sym.paths)


def resolve(root, path):
    for part in path.split("."):
        root = getattr(root, part)
    return root


def parameters(fn):
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]


def test_every_shim_outside_the_queue_classes_is_checked_here():
    # the batch family; QueueRunner and friends at two paths each; six input producers (one also under
    # tf.io); ReaderBase and five readers
    assert len(PATHS) == 8 + 3 * 2 + 7 + 6


@pytest.mark.parametrize("path", PATHS)
def test_the_shim_takes_tensorflows_parameters(tf, path):
    ours, theirs = resolve(bridge, path), resolve(tf.compat.v1, path)
    assert ours is not theirs
    assert parameters(ours) == parameters(theirs)


def test_queue_runner_methods_and_properties_are_tensorflows(tf):
    ours, theirs = bridge.train.QueueRunner, tf.compat.v1.train.QueueRunner
    public = [m for m in dir(theirs) if not m.startswith("_")]
    for name in public:
        attr = inspect.getattr_static(theirs, name)
        if isinstance(attr, property):
            assert isinstance(inspect.getattr_static(ours, name), property), name
        else:
            assert parameters(getattr(ours, name)) == parameters(getattr(theirs, name)), name


@pytest.mark.parametrize("name", ["TFRecordReader", "TextLineReader", "FixedLengthRecordReader", "WholeFileReader",
                                  "IdentityReader", "ReaderBase"])
def test_reader_methods_are_tensorflows(tf, name):
    ours, theirs = getattr(bridge, name), getattr(tf.compat.v1, name)
    for method in [m for m in dir(theirs) if not m.startswith("_")]:
        attr = inspect.getattr_static(theirs, method)
        if isinstance(attr, property):
            assert isinstance(inspect.getattr_static(ours, method), property), method
        else:
            assert parameters(getattr(ours, method)) == parameters(getattr(theirs, method)), method


@pytest.mark.parametrize("path", sorted(SIGNATURES))
def test_the_registry_signatures_are_tensorflows(path):
    # symbols.SIGNATURES is the one copy migrate binds a call's positional arguments by: a wrong order
    # there would rewrite batch(x, 32, 4) with 4 as the capacity
    import tensorflow as tf

    fn = resolve(tf.compat.v1, path)
    fn = fn.__init__ if inspect.isclass(fn) else fn
    names = tuple(p.name for p in inspect.signature(fn).parameters.values()
                  if p.name != "self" and p.kind is p.POSITIONAL_OR_KEYWORD)
    assert SIGNATURES[path] == names
