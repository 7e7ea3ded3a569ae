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

Pure Python. A failure is kept until it is claimed or every consumer (a bridge iterator, see
``register_consumer``) alive when it was marked is gone: a program cannot outrun that however many
pipelines fail, and a failure nobody claims (as in ``model.fit``, where the error leaves through a
``tf.function``) goes with the iterators of its time. With no consumer registered, the last ``KEEP``
failures are kept.
"""

from __future__ import annotations

import collections
import itertools
import re
import threading
import uuid
import weakref
from types import TracebackType
from typing import Any

KEEP = 32
NOTE_PREFIX = "[tfdata_bridge]"
_PROCESS = uuid.uuid4().hex[:8]  # a token from another process never matches this one's
_TOKEN = re.compile(r"\(error id (tfdb-[0-9a-f]{8}-\d+)\)")

_lock = threading.Lock()
_counter = itertools.count(1)
_failures: dict[str, tuple[BaseException, TracebackType | None, list[Any]]] = {}
_consumers: weakref.WeakSet[Any] = weakref.WeakSet()
_unowned: collections.deque[str] = collections.deque()  # tokens of failures with no owner, oldest first


def register_consumer(consumer: Any) -> None:
    """Note a consumer (a bridge iterator) that may claim failures: they are kept while it lives."""
    _consumers.add(consumer)


def mark(error: BaseException, *, producer: str, thread: str, queue: str | None = None) -> BaseException:
    """Note on ``error`` who raised it and keep it (with its traceback) for ``claim``; returns ``error``.

    The note reads ``[tfdata_bridge] raised by producer 'read' on thread '...' feeding 'queue'
    (error id tfdb-...)``. Where the note cannot be added (Python 3.10 has no ``add_note``, or
    ``__notes__`` cannot be set), nothing is kept: no token would reach the message.
    """
    token = f"tfdb-{_PROCESS}-{next(_counter)}"
    feeding = f" feeding {queue!r}" if queue else ""
    note = f"{NOTE_PREFIX} raised by producer {producer!r} on thread {thread!r}{feeding} (error id {token})"
    if not _set_note(error, note):
        return error
    consumers = [weakref.ref(c) for c in list(_consumers)]
    with _lock:
        _prune()
        _failures[token] = (error, error.__traceback__, consumers)
        if not consumers:
            _unowned.append(token)
            while len(_unowned) > KEEP:
                _failures.pop(_unowned.popleft(), None)
    return error


def _prune() -> None:
    """Drop failures (lock held) whose consumers are all gone."""
    for token in [t for t, (_, _, refs) in _failures.items() if refs and all(r() is None for r in refs)]:
        del _failures[token]


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
        found = _failures.pop(tokens[-1], None)
        if found is not None and tokens[-1] in _unowned:
            _unowned.remove(tokens[-1])
        _prune()
    return None if found is None else (found[0], found[1])


def crossing(error: BaseException) -> BaseException:
    """What to raise into tf.data for ``error``: ``error`` itself, or, where its text cannot be formatted
    (its ``__str__`` raises: TensorFlow's ``py_func`` kernel then keeps only ``Type(unknown error
    message)``, and the note with the token is lost), a stand-in whose text carries the bridge's note.
    The stand-in is of the built-in class that gives the same ``tf.errors`` type; ``claim`` gives back
    the original."""
    notes = getattr(error, "__notes__", None)
    note = next((n for n in notes if isinstance(n, str) and n.startswith(NOTE_PREFIX)), None) \
        if isinstance(notes, list) else None
    if note is None:
        return error
    try:
        str(error)
        return error
    except Exception as e:  # noqa: BLE001 - any failure of __str__ loses the text
        why = f"{type(e).__name__} in its __str__"
    base = next((b for b in _STAND_IN_BASES if isinstance(error, b)), Exception)
    stand_in = base(f"{type(error).__module__}.{type(error).__qualname__} (its message cannot be shown: {why})")
    stand_in.add_note(note)
    return stand_in.with_traceback(error.__traceback__)


# the classes TensorFlow's py_func kernel maps to a tf.errors type other than UnknownError
_STAND_IN_BASES = (ValueError, TypeError, MemoryError, NotImplementedError)


def _set_note(error: BaseException, note: str) -> bool:
    """Add ``note`` to ``error``, replacing an earlier bridge note (an exception object raised again; the
    earlier token stays claimable: its message may still be on its way to a consumer). ``__notes__``
    that is not a list (a tuple, say) is replaced by a list of the same notes."""
    if not hasattr(error, "add_note"):
        return False
    try:
        notes = getattr(error, "__notes__", None)
        if notes is not None and not isinstance(notes, list):
            error.__notes__ = notes = [n for n in notes if isinstance(n, str)] if _iterable(notes) else []
        if isinstance(notes, list):
            for i, old in enumerate(notes):
                if isinstance(old, str) and old.startswith(NOTE_PREFIX):
                    notes[i] = note
                    return True
        error.add_note(note)
    except (TypeError, AttributeError):  # __notes__ cannot be set
        return False
    return True


def _iterable(value: Any) -> bool:
    try:
        iter(value)
    except TypeError:
        return False
    return not isinstance(value, (str, bytes))
