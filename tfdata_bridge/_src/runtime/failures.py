"""Producer failures that cross into tf.data, and how the consumer gets them back.

tf.data runs a ``from_generator`` source through TensorFlow's ``py_func`` kernel, which turns a Python
exception into a ``tf.errors`` type by class (``ValueError``/``TypeError``: ``InvalidArgumentError``,
``StopIteration``: ``OutOfRangeError``, ``MemoryError``: ``ResourceExhaustedError``,
``NotImplementedError``: ``UnimplementedError``, anything else: ``UnknownError``) and keeps only the
formatted text (type, message, traceback and notes). So the bridge

- ``mark``s a producer's exception where it happens: a note (part of that text) says which producer
  and thread raised it and carries a token, and the exception and its traceback are kept under the
  token;
- lets an iterator of its own datasets ``claim`` the exception back from the ``tf.errors`` one by the
  token in its message, and re-raise the original object with the producer's traceback.

Pure Python. The registry keeps the last ``KEEP`` failures (a failure nobody claims, as in ``model.fit``
where the error leaves through a ``tf.function``, is dropped when newer ones arrive).
"""

from __future__ import annotations

import collections
import itertools
import re
import threading
import uuid
from types import TracebackType

KEEP = 32
NOTE_PREFIX = "[tfdata_bridge]"
_PROCESS = uuid.uuid4().hex[:8]  # a token from another process never matches this one's
_TOKEN = re.compile(r"\(error id (tfdb-[0-9a-f]{8}-\d+)\)")

_lock = threading.Lock()
_counter = itertools.count(1)
_failures: collections.OrderedDict[str, tuple[BaseException, TracebackType | None]] = collections.OrderedDict()


def mark(error: BaseException, *, producer: str, thread: str, queue: str | None = None) -> BaseException:
    """Note on ``error`` who raised it and keep it (with its traceback) for ``claim``; returns ``error``.

    The note reads ``[tfdata_bridge] raised by producer 'read' on thread '...' feeding 'queue'
    (error id tfdb-...)``. Where the note cannot be added (Python 3.10 has no ``add_note``), nothing is
    kept: no token would reach the message.
    """
    token = f"tfdb-{_PROCESS}-{next(_counter)}"
    feeding = f" feeding {queue!r}" if queue else ""
    note = f"{NOTE_PREFIX} raised by producer {producer!r} on thread {thread!r}{feeding} (error id {token})"
    if not _set_note(error, note):
        return error
    with _lock:
        _failures[token] = (error, error.__traceback__)
        while len(_failures) > KEEP:
            _failures.popitem(last=False)
    return error


def claim(op_error: BaseException) -> tuple[BaseException, TracebackType | None] | None:
    """The marked exception (and its producer traceback) whose token ``op_error``'s message carries,
    taken out of the registry; None when there is none (the error did not come from a producer)."""
    message = getattr(op_error, "message", None)
    if not isinstance(message, str):
        message = str(op_error)
    tokens = _TOKEN.findall(message)
    if not tokens:
        return None
    with _lock:
        return _failures.pop(tokens[-1], None)


def _set_note(error: BaseException, note: str) -> bool:
    """Add ``note`` to ``error``, replacing an earlier bridge note (an exception object raised again)."""
    if not hasattr(error, "add_note"):
        return False
    try:
        notes = getattr(error, "__notes__", None)
        if isinstance(notes, list):
            for i, old in enumerate(notes):
                if isinstance(old, str) and old.startswith(NOTE_PREFIX):
                    for stale in _TOKEN.findall(old):
                        with _lock:
                            _failures.pop(stale, None)
                    notes[i] = note
                    return True
        error.add_note(note)
    except (TypeError, AttributeError):  # __notes__ replaced by something that is not a list
        return False
    return True
