"""Keep Python's garbage collector from destroying a bridge iterator on a thread that iterator waits for.

TensorFlow frees an eager iterator's C++ state when its resource handle goes, and that destructor
waits for the iterator's background threads (``prefetch``, parallel ``map``) to finish what they are
doing. Those threads call into Python: the bridge's generator runs on them through ``from_generator``.
Python's cyclic garbage collector runs on whichever thread happens to allocate when it is due. If it
runs on one of those threads and finds an abandoned iterator in a reference cycle (an exception kept
with its traceback is enough to make one), it destroys the iterator there, and the thread waits for
itself forever. A collection stays "in progress" all that time, so no other collection ever runs in
the process again. This was seen on TensorFlow 2.21: gdb shows ``PrefetchDatasetOp::Iterator::~Iterator``
waiting in ``UnboundedThreadPool::LogicalThreadWrapper`` under the collector's ``delete_garbage``, on a
tf.data thread. The bridge's producer threads are just as unsafe: the generator waits for their
elements, so a producer destroying the iterator waits for a generator that waits for the producer.

The guard: the bridge's iterators are tracked in a weak set. When a collection starts on an unsafe
thread (one not started by Python's ``threading``, or one of the bridge's own workers), it holds a
strong reference to every live bridge iterator, so that collection cannot free them. The next
collection on any other thread (the consumer's, usually within milliseconds) lets go of those
references first and frees whatever is garbage, where waiting for tf.data's threads is harmless.
Iterators of datasets that are not the bridge's are TensorFlow's own business and are not touched.
"""

from __future__ import annotations

import gc
import threading
from typing import Any
from weakref import WeakSet

_live: WeakSet[Any] = WeakSet()  # every bridge iterator not yet freed
_held: dict[int, Any] = {}  # iterators kept alive through collections on unsafe threads
_local = threading.local()  # .worker: this thread is one of the bridge's producers or runners
_installed = False
_install_lock = threading.Lock()


def track(iterator: Any) -> None:
    """Protect ``iterator`` (a bridge iterator) from being freed by a collection on an unsafe thread."""
    _install()
    _live.add(iterator)


def mark_worker_thread() -> None:
    """Declare the current thread a bridge worker: a generator may be waiting for what it makes."""
    _local.worker = True


def _install() -> None:
    global _installed
    if _installed:
        return
    with _install_lock:
        if not _installed:
            gc.callbacks.append(_on_collection)
            _installed = True


def _on_collection(phase: str, info: dict[str, Any]) -> None:
    # Runs on the collecting thread with the collection about to start (or just ended); it must not
    # take a lock another part of the program may hold when it allocates.
    if phase != "start":
        return
    if _unsafe_thread():
        for iterator in list(_live):
            _held[id(iterator)] = iterator
    elif _held:
        _held.clear()  # garbage now, if it is: this collection frees it, on a safe thread


def _unsafe_thread() -> bool:
    if getattr(_local, "worker", False):
        return True
    # Whether Python's threading started this thread. threading has no public way to ask that
    # without creating and registering a dummy Thread object (which takes a lock, not allowed here),
    # so this reads its registry of started threads; a thread that C++ started (tf.data's) is not in
    # it, or is there only as a _DummyThread. Without that registry, only the main thread counts as
    # safe.
    active = getattr(threading, "_active", None)
    ident = threading.get_ident()
    if not isinstance(active, dict):
        return ident != threading.main_thread().ident
    thread = active.get(ident)
    return thread is None or type(thread).__name__ == "_DummyThread"
