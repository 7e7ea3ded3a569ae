"""Issue 9, point 5: Ctrl-C while a ``tf.function`` (what Keras ``fit`` runs) waits for a slow producer
of a compiled dataset ends in ``KeyboardInterrupt``, which ``except KeyboardInterrupt`` catches (it was
pybind11's ``RuntimeError: ... REPLACED BY KeyboardInterrupt``); the first Ctrl-C during ``next()`` on
``tf.data.Dataset.zip((ds, ds))`` ends it (it was ignored until the producer's call returned). A fresh
Python each, with a timeout."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

CHILD_TIMEOUT_S = 90
CAUGHT = "caught KeyboardInterrupt"


def _slow_dataset():
    """In the child: Ctrl-C raises again, and a compiled dataset whose producer's call takes 600 s."""
    import numpy as np

    import tfdata_bridge as tfb

    signal.signal(signal.SIGINT, signal.default_int_handler)

    def slow():
        time.sleep(600)
        return np.float32(1)

    return tfb.compile(tfb.pipeline(tfb.Producer.call(slow), dtypes="float32", shapes=[[]], capacity=4))


def _interrupted(mode: str) -> tuple[str, str]:
    """Run this file's ``mode`` in a fresh Python, send SIGINT once it waits, and return its output."""
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", PYTHONUNBUFFERED="1")
    child = subprocess.Popen([sys.executable, __file__, mode], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert "ready" in child.stdout.readline()
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        return child.communicate(timeout=CHILD_TIMEOUT_S)
    finally:
        if child.poll() is None:
            child.kill()


def run_tf_function() -> None:
    import tensorflow as tf

    dataset = _slow_dataset()

    @tf.function
    def total(ds):
        s = tf.constant(0.0)
        for x in ds:
            s += x
        return s

    total.get_concrete_function(dataset)  # traced before "ready": only the wait is interrupted
    print("ready", flush=True)
    try:
        total(dataset)
    except KeyboardInterrupt:
        print(CAUGHT, flush=True)
        os._exit(0)
    except BaseException as e:  # noqa: BLE001 - what arrived instead is the failure
        print(f"got {type(e).__name__}: {str(e)[:200]}", flush=True)
        os._exit(1)


@pytest.mark.timeout(CHILD_TIMEOUT_S + 30)
def test_ctrl_c_in_a_tf_function_is_a_keyboard_interrupt():
    out, err = _interrupted("tf-function")
    assert CAUGHT in out, out + err[-3000:]


def run_zip_next() -> None:
    import tensorflow as tf

    dataset = _slow_dataset()
    iterator = iter(tf.data.Dataset.zip((dataset, dataset)))  # TensorFlow's iterator, not the bridge's
    print("ready", flush=True)
    try:
        next(iterator)
    except KeyboardInterrupt:
        print(CAUGHT, flush=True)
        os._exit(0)
    except RuntimeError as e:
        if "REPLACED BY KeyboardInterrupt" in str(e):  # pybind11's form of it (README, Failure behaviour)
            print(CAUGHT, "(as pybind11's RuntimeError)", flush=True)
            os._exit(0)
        print(f"got RuntimeError: {str(e)[:200]}", flush=True)
        os._exit(1)
    except BaseException as e:  # noqa: BLE001 - what arrived instead is the failure
        print(f"got {type(e).__name__}: {str(e)[:200]}", flush=True)
        os._exit(1)
    print("got an element", flush=True)
    os._exit(1)


@pytest.mark.timeout(CHILD_TIMEOUT_S + 30)
def test_the_first_ctrl_c_ends_next_on_a_zip_of_compiled_datasets():
    """The second dataset's generator starts after the first one saw the SIGINT and ended; it used to
    wait for its producer's call (600 s here) before the interrupt arrived."""
    out, err = _interrupted("zip")
    assert CAUGHT in out, out + err[-3000:]


if __name__ == "__main__":
    {"tf-function": run_tf_function, "zip": run_zip_next}[sys.argv[1]]()
