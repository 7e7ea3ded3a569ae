"""The drop-in's teaching warning: the first use of a replaced legacy API at each call site emits one
``CompiledToTfDataWarning`` naming the idiomatic tf.data chain, read from the mapping table
(``symbols.lookup(path).chain``), so the warning, ``explain`` and the migration tool say the same thing."""

from __future__ import annotations

import sys
import threading
import warnings

from tfdata_bridge._src.symbols import lookup
from tfdata_bridge._src.warnings import CompiledToTfDataWarning

_seen: set[tuple[str, str, int]] = set()
_lock = threading.Lock()


def message(path: str, detail: str = "", values: str = "") -> str:
    """The warning text for a path under ``tf.compat.v1`` (``"train.batch"``); ``detail`` says what the
    call became (``" as native tf.data: no Python op"``), and ``values`` the chain with the call's own
    values, where the shim knows them."""
    text = (
        f"tf.compat.v1.{path} runs on tf.data through tfdata_bridge{detail}; "
        f"the idiomatic tf.data code is: {lookup(path).chain}"
    )
    return f"{text}; with this call's values: {values}" if values else text


def notice(path: str, stacklevel: int, detail: str = "", values: str = "") -> bool:
    """Warn once per call site that the legacy API ``path`` was compiled into tf.data.

    ``stacklevel`` counts as in ``warnings.warn`` from the function calling ``notice``: 1 is that
    function, 2 its caller (the user's call site, for a shim that calls ``notice`` directly). The
    call site is keyed by (path, file name, line number). Returns True when a warning was emitted.
    """
    try:
        frame = sys._getframe(stacklevel)  # noqa: SLF001 - the caller's frame, as warnings.warn finds it
        key = (path, frame.f_code.co_filename, frame.f_lineno)
    except ValueError:  # a shallower stack than stacklevel: key by path alone
        key = (path, "", 0)
    with _lock:
        if key in _seen:
            return False
        _seen.add(key)
    warnings.warn(message(path, detail, values), CompiledToTfDataWarning, stacklevel=stacklevel + 1)
    return True


def reset() -> None:
    """Forget the call sites already warned about (for tests)."""
    with _lock:
        _seen.clear()
