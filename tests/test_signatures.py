"""The legacy signatures are written once (``symbols.SIGNATURES``), and agree with TensorFlow's own and with
the drop-in's shims: ``migrate`` binds a call's positional arguments by that table, so a wrong order there
would rewrite ``batch(x, 32, 4)`` with 4 as the capacity; a shim with another order would give the drop-in
program other values than legacy's."""

from __future__ import annotations

import inspect

import pytest

from tfdata_bridge._src.symbols import SIGNATURES


def _resolve(module, path: str):
    obj = module
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def _params(obj) -> tuple[str, ...]:
    if inspect.isclass(obj):
        obj = obj.__init__
    return tuple(p.name for p in inspect.signature(obj).parameters.values()
                 if p.name != "self" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.POSITIONAL_ONLY))


@pytest.mark.parametrize("path", sorted(SIGNATURES))
def test_table_matches_tensorflow(path):
    import tensorflow as tf

    assert SIGNATURES[path] == _params(_resolve(tf.compat.v1, path)), path


@pytest.mark.parametrize("path", sorted(SIGNATURES))
def test_drop_in_shim_matches_the_table(path):
    import tfdata_bridge.compat.v1 as bridge

    assert _params(_resolve(bridge, path)) == SIGNATURES[path], path
