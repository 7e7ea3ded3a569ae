"""The two process-wide hooks the runtime installs so that shutting down is quiet and Ctrl-C works.

**Ctrl-C while a consumer waits inside TensorFlow.** ``next()`` on a dataset iterator (or ``sess.run``)
waits in TensorFlow's C++ code, where the main thread runs no Python bytecode, so Python cannot raise
``KeyboardInterrupt`` until that call returns; and it returns only when the bridge's generator, waiting
on a channel in one of tf.data's threads, hands it data. Python writes the number of each signal it
catches to a "wakeup fd" when one is set (``signal.set_wakeup_fd``, there for libraries "to wakeup a
poll or select call"). ``install()`` sets one, only from the main thread and only where none is set
(an asyncio loop's own replaces it, and then this hook is simply off). ``Interruptible.wait`` runs a
channel wait in short slices and, when a SIGINT arrived meanwhile while Python's default handler is in
place (so that SIGINT means ``KeyboardInterrupt``), raises ``KeyboardInterrupt`` in the waiting
generator: the tf.data call ends, and the main thread raises its own pending ``KeyboardInterrupt``
(``is_interrupt`` recognises the form pybind11 sometimes gives it on the way). A generator that starts
after the SIGINT was read, while the main thread is still in the call it interrupted (``next()`` on
``tf.data.Dataset.zip((ds, ds))``: the second dataset's generator starts once the first has ended),
ends too: the SIGINT stays pending for as long as the main thread's innermost Python frame is the one,
at the same instruction, it was in when the SIGINT was read (``_interrupt_pending``).

**A garbage collection at exit.** A dataset iterator that is only reachable from a reference cycle, or
from the traceback of the exception that ended the program (a ``for`` loop's iterator, after a Ctrl-C),
is destroyed during interpreter shutdown, when TensorFlow can no longer run ``from_generator``'s
finalizer: it logs "Error occurred when finalizing GeneratorDataset iterator", and a tf.data thread
that needs Python just then can hang the exit. ``install()`` registers (once) an ``atexit`` hook, which
runs while Python is still whole: it drops the local variables of the finished frames in that
exception's traceback and the tracebacks chained to it (``traceback.clear_frames``; they were already
printed), collects garbage, and waits (``EXIT_FLUSH_S`` at most) while ``gc_guard``'s reaper destroys
the iterators that collection found.

**Only while needed** (issue 18). ``install(owner)`` counts ``owner`` (a bridge dataset or iterator, a
graph pipeline's batches) in, and a ``weakref.finalize`` counts it out when it goes; when none is left,
the wakeup fd is restored (``-1``, or whatever was there) and the exit hook leaves ``atexit``. The fd
can only change on the main thread: where the last owner goes on another thread, it stays until the
next change on the main thread, or the exit hook (which then stays registered) restores it.
"""

from __future__ import annotations

import atexit
import gc
import signal
import socket
import sys
import threading
import traceback
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from tfdata_bridge._src.runtime import gc_guard

T = TypeVar("T")

SLICE_S = 0.1  # how long one slice of a wait lasts: the delay before a Ctrl-C is seen
EXIT_FLUSH_S = 3.0  # the most the exit hook waits for iterators being destroyed

_lock = threading.RLock()  # (reentrant: a collection on a thread holding it may count an owner out)
_reader: socket.socket | None = None
_writer: socket.socket | None = None
_interrupts = 0  # SIGINTs seen on the wakeup fd (while SIGINT meant KeyboardInterrupt)
# (the main thread's innermost frame, its f_lasti) when the last SIGINT was read; None once it moved on
_pending: tuple[Any, int] | None = None
PENDING_S = 5.0  # the frame is held (strongly: no mistaken identity) at most this long
_collect_registered = False
_users = 0  # owners alive (install)
_syncing = False  # the main thread is inside _sync (a collection there may count an owner out)


def install(owner: Any = None) -> None:
    """While ``owner`` lives (None: for the rest of the process): the exit-time collection is
    registered, and (from the main thread) the wakeup fd is set if none is."""
    global _users
    with _lock:
        _users += 1
    if owner is not None:
        weakref.finalize(owner, _count_out).atexit = False
    _sync()


def installed() -> bool:
    """Whether the exit hook is registered or the bridge's wakeup fd is set."""
    return _collect_registered or _writer is not None


def _count_out() -> None:
    global _users
    if _syncing and threading.current_thread() is threading.main_thread():
        _users -= 1  # (inside _sync, which looks at the count again before it returns)
        return
    with _lock:
        _users -= 1
    _sync()


def _sync() -> None:
    """Make the hooks match the count of owners: the exit hook while there is one (or while the wakeup
    fd could not be restored yet), the wakeup fd (on the main thread only) likewise."""
    global _collect_registered, _syncing
    main = threading.current_thread() is threading.main_thread()
    if main:
        _syncing = True
    try:
        while True:
            want = _users > 0
            if main and want != (_writer is not None):
                if want:
                    _set_wakeup_fd()
                    if _writer is None:  # someone else's fd, or no signals here: nothing to restore
                        main = False
                else:
                    _unset_wakeup_fd()
                continue
            register = want or _writer is not None
            if register != _collect_registered:
                if register:
                    atexit.register(_at_exit)
                else:
                    atexit.unregister(_at_exit)
                _collect_registered = register
                continue
            if want == (_users > 0):
                return
    finally:
        if threading.current_thread() is threading.main_thread():
            _syncing = False


def _at_exit() -> None:
    _collect_at_exit()
    _unset_wakeup_fd()


def _collect_at_exit() -> None:
    error = getattr(sys, "last_value", None)  # set when an uncaught exception ended the program
    seen = set()
    while isinstance(error, BaseException) and id(error) not in seen:  # and the errors chained to it
        seen.add(id(error))
        if error.__traceback__ is not None:
            traceback.clear_frames(error.__traceback__)
        error = error.__cause__ or error.__context__
    gc.collect()
    gc_guard.flush(EXIT_FLUSH_S)  # iterators that collection found are destroyed by the reaper: wait for it


def _set_wakeup_fd() -> None:
    global _reader, _writer
    with _lock:
        if _reader is None:
            _reader, _writer = socket.socketpair()
            _reader.setblocking(False)
            _writer.setblocking(False)
        try:
            previous = signal.set_wakeup_fd(_writer.fileno(), warn_on_full_buffer=False)
        except (ValueError, OSError):  # not the main interpreter's main thread, or no signals here
            previous = None
        if previous is None or previous not in (-1, _writer.fileno()):
            if previous is not None:
                signal.set_wakeup_fd(previous)  # someone else's: keep it
            _reader.close()
            _writer.close()
            _reader = _writer = None


def _unset_wakeup_fd() -> None:
    global _reader, _writer
    with _lock:
        if _writer is None:
            return
        try:
            current = signal.set_wakeup_fd(-1)
            if current not in (-1, _writer.fileno()):
                signal.set_wakeup_fd(current)  # someone else's: keep it
        except (ValueError, OSError):
            return
        _reader.close()
        _writer.close()
        _reader = _writer = None


def _drain() -> int:
    """Read what the signal handler wrote; return the number of SIGINTs that mean KeyboardInterrupt."""
    global _interrupts
    with _lock:
        if _reader is None:
            return _interrupts
        try:
            while data := _reader.recv(512):
                if signal.SIGINT in data and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                    _interrupts += 1
                    _note_pending()
        except (BlockingIOError, InterruptedError, OSError):
            pass
        return _interrupts


def _main_frame() -> Any:
    # sys._current_frames (documented, "for internal and specialized purposes"): the only way to see
    # where the main thread is, from another thread
    return sys._current_frames().get(threading.main_thread().ident)  # noqa: SLF001


def _note_pending() -> None:
    """Called with ``_lock`` held, as a SIGINT is read: remember where the main thread is."""
    global _pending
    frame = _main_frame()
    if frame is None:
        return
    pending = _pending = (frame, frame.f_lasti)
    forget = threading.Timer(PENDING_S, _forget, args=(pending,))
    forget.daemon = True
    forget.start()


def _forget(pending: tuple[Any, int]) -> None:
    global _pending
    with _lock:
        if _pending is pending:
            _pending = None


def _interrupt_pending() -> bool:
    """Whether the main thread is still in the call the last SIGINT interrupted: it has not raised its
    ``KeyboardInterrupt`` yet, and waits for the bridge's generators to end."""
    pending = _pending
    if pending is None:
        return False
    frame = _main_frame()
    if frame is pending[0] and frame.f_lasti == pending[1]:
        return True
    _forget(pending)
    return False


class Interruptible:
    """Waits of one consumer (one iteration of a generator) that a Ctrl-C ends.

    A SIGINT that arrives after this object was made, while SIGINT means ``KeyboardInterrupt``, makes
    ``wait`` raise ``KeyboardInterrupt``: the one that interrupted the main thread ends the iteration.
    """

    def __init__(self) -> None:
        self._seen = _drain()  # SIGINTs from before: the main thread has handled them

    def wait(self, call: Callable[[float], T]) -> T:
        """``call(timeout)`` repeated until it returns without ``TimeoutError``. ``call`` must be a wait
        that can be retried (a channel dequeue: a timed-out attempt is withdrawn and gives its
        elements back)."""
        while True:
            try:
                return call(SLICE_S)
            except TimeoutError:
                if _drain() != self._seen or _interrupt_pending():
                    raise KeyboardInterrupt("interrupted while waiting for a producer") from None


def is_interrupt(error: BaseException) -> bool:
    """Whether ``error`` is the ``RuntimeError`` pybind11 raises when the pending ``KeyboardInterrupt``
    fires while TensorFlow turns the interrupted generator's error status into an exception (the
    handler runs in the middle of that and replaces it): for the consumer, a ``KeyboardInterrupt``."""
    from tfdata_bridge._src import tf_private  # (imports TensorFlow: only where it is loaded)

    return tf_private.is_pybind11_interrupt(error)
