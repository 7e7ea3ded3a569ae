"""How a process worker's failure reaches the consumer: the exception with its type, message and traceback
(``pack`` in the worker, ``unpack`` in the consumer), or, for a worker that died, ``WorkerDiedError``.

An exception is pickled with its class (so the consumer can catch it by type); its traceback cannot be
pickled, so its text travels beside it and becomes the ``__cause__`` of the exception the consumer gets
(a ``RemoteTraceback``, as ``concurrent.futures.ProcessPoolExecutor`` does), printed with it. Where the
exception cannot be pickled or unpickled (a class whose ``__init__`` wants other arguments, say), the
consumer gets a ``WorkerError`` naming the original type and message, with the same traceback.
"""

from __future__ import annotations

import pickle
import signal
import traceback
from typing import Any

Packed = tuple[bytes | None, str, str, str]  # (pickled exception or None, type name, message, traceback)


class WorkerError(RuntimeError):
    """A worker's exception that could not be carried across as itself."""


class WorkerDiedError(RuntimeError):
    """A process worker ended without finishing its producer (killed, crashed, out of memory)."""

    def __init__(self, message: str, exitcode: int | None = None) -> None:
        super().__init__(message)
        self.exitcode = exitcode

    def __reduce__(self) -> Any:
        return (type(self), (self.args[0], self.exitcode))


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker process, as text."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f'\n"""\n{self.text}"""'


def pack(error: BaseException) -> Packed:
    """In the worker: what the consumer needs to raise ``error`` again."""
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    try:
        message = str(error)
    except Exception:  # noqa: BLE001 - an exception whose __str__ fails
        message = "(its message cannot be shown)"
    try:
        data: bytes | None = pickle.dumps(error, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - any exception pickling raises
        data = None
    return data, f"{type(error).__module__}.{type(error).__qualname__}", message, text


def unpack(packed: Packed, where: str) -> BaseException:
    """In the consumer: the worker's exception (or a ``WorkerError`` standing in for it), its traceback
    text as ``__cause__``."""
    data, type_name, message, text = packed
    error: BaseException | None = None
    if data is not None:
        try:
            error = pickle.loads(data)
        except Exception:  # noqa: BLE001 - a class that cannot be rebuilt here
            error = None
    if not isinstance(error, BaseException):
        error = WorkerError(f"{type_name}: {message} (raised in {where}; it could not be carried across as "
                            "itself: make the exception class picklable to catch it by type)")
    error.__cause__ = RemoteTraceback(f"raised in {where}:\n{text}")
    return error


def died(where: str, exitcode: int | None) -> WorkerDiedError:
    """The error for a worker that ended before its producer did."""
    if exitcode is not None and exitcode < 0:
        try:
            how = f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            how = f"killed by signal {-exitcode}"
        why = ("A worker dies like this when it is killed (kill -9, the out-of-memory killer) or crashes (a "
               "segfault in native code): check the system log and the producer's memory use")
    else:
        how = "exited"
        why = ("It exited by itself: the producer called sys.exit or os._exit, or the worker failed while "
               "starting (its traceback is on stderr): each worker imports the program's main module, so a "
               "script must run its program under `if __name__ == '__main__':`")
    return WorkerDiedError(
        f"{where} died before its producer ended: exit code {exitcode} ({how}); the elements it had handed "
        f"over were delivered. {why}",
        exitcode,
    )
