"""No function the bridge hands to tf.data goes through AutoGraph (``tf.plain``): its conversion parses and
rewrites each function's source once per process, 0.1-0.4 s of start-up per pipeline that legacy's queues
never paid. AutoGraph writes each function it converts to a temporary file (``__autograph_generated_file*``)
and caches conversions for the rest of the process, so the check runs in a fresh Python with a temporary
folder of its own: every legacy program through the drop-in, and a compiled producer spec."""

from __future__ import annotations

import os
import sys
import tempfile
import warnings
from typing import Any

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(os.path.dirname(HERE), "legacy_programs")


def _programs() -> list[str]:
    return sorted(f for f in os.listdir(PROGRAMS) if f.endswith(".py") and f not in ("make_data.py", "run_programs.py"))


def _child(out_dir: str) -> None:
    tempfile.tempdir = os.path.join(out_dir, "tmp")  # (before TensorFlow: AutoGraph writes its files there)
    os.makedirs(tempfile.tempdir)
    import json

    import tensorflow as tf

    sys.path.insert(0, PROGRAMS)
    from make_data import make_data

    import tfdata_bridge

    data_dir = os.path.join(out_dir, "data")
    make_data(data_dir)
    delivered: dict[str, Any] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in _programs():
            with open(os.path.join(PROGRAMS, name)) as f:
                source = f.read().replace("import tensorflow.compat.v1 as tf\n", "import tfdata_bridge.compat.v1 as tf\n")
            namespace: dict[str, Any] = {}
            with tf.Graph().as_default():
                exec(compile(source, name, "exec"), namespace)
                try:
                    delivered[name] = len(namespace["main"](data_dir)["batches"])
                except Exception as e:  # noqa: BLE001 - reported, the test says which
                    delivered[name] = f"{type(e).__name__}: {e}"
        producer = tfdata_bridge.Producer.call(lambda: (1.0, 2), threads=2, calls=12, name="pair")
        spec = tfdata_bridge.pipeline(producer, dtypes=["float32", "int64"], shapes=[(), ()], batch_size=4)
        delivered["compiled spec"] = sum(1 for _ in tfdata_bridge.compile(spec))
    made = sorted(f for f in os.listdir(tempfile.tempdir) if f.startswith("__autograph_generated_file"))
    print("RESULT " + json.dumps({"delivered": delivered, "autograph_files": made}))


@pytest.fixture(scope="module")
def child(tmp_path_factory: Any) -> dict[str, Any]:
    from child_results import results_of

    return results_of(__file__, 240, str(tmp_path_factory.mktemp("no_autograph")))


def test_every_legacy_program_and_a_compiled_spec_ran(child: dict[str, Any]) -> None:
    delivered = child["delivered"]
    assert sorted(delivered) == sorted(_programs() + ["compiled spec"])
    failed = {k: v for k, v in delivered.items() if not isinstance(v, int) or v < 1}
    assert not failed, failed


def test_autograph_converted_nothing_the_bridge_built(child: dict[str, Any]) -> None:
    assert child["autograph_files"] == []


if __name__ == "__main__":
    _child(sys.argv[1])
