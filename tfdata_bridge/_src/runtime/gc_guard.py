"""Destroy a bridge iterator only where waiting for its threads is harmless.

TensorFlow frees an eager iterator's C++ state when its resource handle (an ``EagerTensor``) goes, and
that destructor waits for the iterator's background threads (``prefetch``, parallel ``map``) to finish
what they are doing. Those threads call into Python: the bridge's generator runs on them through
``from_generator``, and waits for the bridge's producer threads. So that destructor must never run

- **inside a garbage collection.** Python's cyclic collector runs on whichever thread happens to
  allocate when it is due, at any point of its code: while it holds one of ``threading``'s locks or a
  channel's, say. A destructor run there waits for a tf.data thread that may need that very lock, and
  the collection never ends (seen on TensorFlow 2.21: a process stuck in ``EagerTensor_dealloc`` ->
  ``~IteratorResource`` under a ``gc`` callback);
- **on a thread the iterator waits for**: one of tf.data's (not started by Python's ``threading``) or
  a bridge worker (a producer or runner). It would wait for itself. A collection there must not even
  free the rest of an abandoned iterator's reference cycle (seen to hang too).

So ``BridgeIterator.__del__`` hands its state (its resource handle, its datasets and their functions)
to ``release``: inside a collection or on an unsafe thread, the state goes to the *reaper*, one daemon
thread that holds no lock and drops what it is given, one iterator at a time, outside any collection.
The collection frees the iterator object itself at once, so abandoned iterators do not pile up however
often collections run on unsafe threads; their threads end when the reaper reaches them, normally
within milliseconds. Elsewhere (``del iterator`` on the consumer's thread) the state goes at once, as
in TensorFlow.

Iterators of datasets that are not the bridge's are TensorFlow's own business and are not touched.

The reaper and the collection hook exist only while they are needed (issue 18): ``track`` counts an
iterator in, ``release`` counts it out once its state is gone (on the reaper, where the reaper destroys
it); at zero the hook leaves ``gc.callbacks``, and the reaper ends after ``IDLE_S`` with nothing to do
(a program making one iterator after another keeps the one reaper). Never during a collection (the hook
must see the collection's end): where the last iterator goes inside one, the collection's end hands
that to the reaper.
"""

from __future__ import annotations

import gc
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

_local = threading.local()  # .worker: this thread is one of the bridge's producers or runners
_reaped: queue.SimpleQueue[Any] = queue.SimpleQueue()  # put() is safe inside __del__ and a collection
_collecting: list[int] = []  # the ident of the thread running a collection, while one runs
_busy = threading.Event()  # the reaper is working
_reaper: threading.Thread | None = None
_start_lock = threading.RLock()  # (reentrant: a collection may release an iterator while it is held)
_installed = False
_users = 0  # tracked iterators whose state is not yet gone
_TRACKED = "_tfdata_bridge_gc_tracked"  # set in a tracked iterator's __dict__
IDLE_S = 1.0  # a reaper with no tracked iterator and nothing to do ends after this long


def track(iterator: Any) -> None:
    """Prepare for ``release`` of ``iterator``'s state: start the reaper and the collection hook (never
    from a collection, where starting a thread could wait for a lock the collecting thread holds)."""
    global _users
    with _start_lock:
        _users += 1
        iterator.__dict__[_TRACKED] = True  # (release counts it out once)
    _ensure_started()


def release(handle: Any, state: dict[str, Any], before: Callable[[], None] | None = None) -> bool:
    """Called from an iterator's ``__del__`` with its resource handle and its ``__dict__``: inside a
    collection or on an unsafe thread, move the whole state (the handle, the datasets and their
    functions: freeing those inside a collection while another iterator is being destroyed was seen
    to wait for it) to the reaper and return True; elsewhere do nothing (False): it goes here.
    ``before`` (the iterator's producer runs stopping, so that its threads' waits end) runs first: here,
    or on the reaper (it takes locks, which a collection must not)."""
    tracked = bool(state.pop(_TRACKED, False))
    if handle is None or _reaper is None:
        if before is not None and not _collecting and not _unsafe_thread():
            before()
        if tracked:
            _count_out()
        return False
    if _collecting or _unsafe_thread():
        _reaped.put((before, dict(state), tracked))  # (the reaper counts it out once it is destroyed)
        state.clear()
        return True
    if before is not None:
        before()
    if tracked:
        _count_out()
    return False


def installed() -> bool:
    """Whether the collection hook is in ``gc.callbacks`` or the reaper thread runs."""
    return _installed or _reaper is not None


def _count_out() -> None:
    global _users
    with _start_lock:
        _users = max(0, _users - 1)
    _uninstall_if_unused()


def _uninstall_if_unused() -> None:
    """No tracked iterator is left and the reaper has nothing to do: remove the hook (the reaper ends
    after ``IDLE_S`` with nothing to do). Not inside a collection: its end asks the reaper to look again."""
    global _installed
    with _start_lock:
        if _users or _collecting or not _reaped.empty() or _busy.is_set() and _reaper is not threading.current_thread():
            return
        if _installed:
            try:
                gc.callbacks.remove(_on_collection)
            except ValueError:
                pass
            _installed = False


def mark_worker_thread() -> None:
    """Declare the current thread a bridge worker: a generator may be waiting for what it makes."""
    _local.worker = True


def flush(timeout: float = 5.0) -> bool:
    """Wait (at most ``timeout`` seconds) until the reaper has done all it was given; from a thread that
    is safe (the main thread at exit). True if it got there."""
    deadline = time.monotonic() + timeout
    idle = 0  # two idle looks in a row: a request just taken off the queue has set _busy by then
    while idle < 2:
        idle = idle + 1 if _reaped.empty() and not _busy.is_set() else 0
        if idle < 2:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
    return True


def _ensure_started() -> None:
    global _reaper, _installed
    if _installed and _reaper is not None and _reaper.is_alive():
        return
    with _start_lock:
        if not _installed:
            gc.callbacks.append(_on_collection)
            _installed = True
        if _reaper is None or not _reaper.is_alive():  # (a fork leaves a dead one behind)
            _reaper = threading.Thread(target=_reap, name="tfdata_bridge-reaper", daemon=True)
            _reaper.start()


def _reap() -> None:
    global _users, _reaper
    while True:
        try:
            before, item, tracked = _reaped.get(timeout=IDLE_S)
        except queue.Empty:
            _uninstall_if_unused()
            with _start_lock:  # (a track() meanwhile finds this reaper gone and starts another)
                if not _users and not _installed and _reaped.empty():
                    _reaper = None
                    return
            continue
        _busy.set()
        try:
            if before is not None:
                before()  # its producer runs stop: the threads the destructor waits for can end
            del item  # an iterator's state: its destructor runs here, waiting for its threads
        except BaseException:  # noqa: BLE001 - a failing destructor must not end the reaper
            pass
        finally:
            if tracked:
                with _start_lock:
                    _users = max(0, _users - 1)
            _uninstall_if_unused()
            _busy.clear()


def _on_collection(phase: str, info: dict[str, Any]) -> None:
    # Runs on the collecting thread. Collections do not overlap (CPython runs one at a time), and
    # appending to or popping from this list takes no lock.
    if phase == "start":
        _collecting.append(threading.get_ident())
    elif _collecting:
        _collecting.pop()
        if not _users and not _collecting:
            _reaped.put((None, None, False))  # the last iterator went during it: the reaper tidies up


def _unsafe_thread() -> bool:
    if getattr(_local, "worker", False):
        return True
    # Whether Python's threading started this thread. threading has no public way to ask that
    # without creating and registering a dummy Thread object (which takes a lock and leaks one object
    # per thread), so this reads its registry of started threads; a thread that C++ started (tf.data's)
    # is not in it, or is there only as a _DummyThread. Without that registry, only the main thread
    # counts as safe.
    active = getattr(threading, "_active", None)
    ident = threading.get_ident()
    if not isinstance(active, dict):
        return ident != threading.main_thread().ident
    thread = active.get(ident)
    return thread is None or type(thread).__name__ == "_DummyThread"
