"""The one place TensorFlow is imported and its version checked.

TensorFlow is not a hard dependency of the distribution (a user's own build must not be replaced),
so importing ``tfdata_bridge`` fails here, with a message that says what to install, when no
TensorFlow >= 2.16 is present.
"""

from __future__ import annotations

MIN_VERSION = (2, 16)
INSTALL_HINT = (
    "install one with `pip install 'tfdata-bridge[cpu]'` (tensorflow-cpu) or `pip install 'tfdata-bridge[tf]'`"
)


def _parse(version: str) -> tuple[int, int]:
    parts = version.split(".")
    try:
        return int(parts[0]), int("".join(ch for ch in parts[1] if ch.isdigit()) or 0)
    except (IndexError, ValueError):
        return (0, 0)


def require_tensorflow():  # -> the tensorflow module
    try:
        import tensorflow
    except ImportError as exc:
        raise ImportError(f"tfdata_bridge needs TensorFlow >= 2.16 and none is installed; {INSTALL_HINT}") from exc
    if _parse(tensorflow.__version__) < MIN_VERSION:
        raise ImportError(
            f"tfdata_bridge needs TensorFlow >= 2.16, found {tensorflow.__version__}; {INSTALL_HINT}"
        )
    return tensorflow


tf = require_tensorflow()


def plain(function):  # -> the same function, marked
    """``function``, marked for tf.data to trace as written, not through AutoGraph. Every function the
    bridge hands to tf.data (``map``, ``flat_map``, ``filter``, ``scan``, ``take_while``, ``interleave``)
    goes through this: none has Python control flow over tensors, so AutoGraph's conversion (parsing and
    rewriting the function's source, once per process) only cost start-up time: 0.1-0.4 s per pipeline
    before its first batch, more on a busy machine, which legacy's queues never paid. And where that keeps
    every value, tf.data instantiates it on its own device, without the multi-device function passes
    (grappler, the oneDNN layout pass) that cost more CPU before the first batch than anything else the
    session does for a pipeline (``tf_private.single_device``, ``single_device.py``)."""
    from tfdata_bridge._src import tf_private  # (it imports this module)

    return tf_private.single_device(tf.autograph.experimental.do_not_convert(function))
