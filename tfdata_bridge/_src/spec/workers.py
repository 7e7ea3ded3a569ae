"""The ``workers`` field of a spec: running producers in worker processes, and what that needs of them.

A worker process receives its producer pickled (``spawn``: nothing is inherited), so a producer must be
picklable: a function defined at the top level of a module, or an object whose state pickles.
``check_workers`` says, before anything runs, which part could not be pickled and how to fix it.
"""

from __future__ import annotations

import functools
import pickle
import pickletools
import sys
from collections.abc import Sequence
from typing import Any

from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.signature import is_int


def check_workers(workers: Any, producers: Sequence[Producer]) -> None:
    """Raise ``TypeError`` / ``ValueError`` naming the rule, the value and the fix."""
    if workers is None:
        return
    if not is_int(workers) or workers < 1:
        raise (ValueError if is_int(workers) else TypeError)(
            f"workers ({workers!r}) must be an int >= 1 or None; pass how many worker processes run each "
            "producer (None: the producers run on threads of this process)"
        )
    for producer in producers:
        if producer.threads != 1:
            raise ValueError(
                f"producer {producer.label!r} has threads={producer.threads} and the pipeline workers={workers}: "
                "a producer runs either on threads or in worker processes; leave threads at 1 with workers "
                "(each worker runs one copy), or drop workers"
            )
        problem = unpicklable(producer.fn)
        if problem is not None:
            fix = (_FIX_MAIN if problem.startswith("it is defined in __main__") else _FIX_PICKLE)
            raise TypeError(
                f"workers={workers} runs producer {producer.label!r} in worker processes, which receive it "
                f"pickled, and {problem}; {fix}, or run the producer on threads (workers=None)"
            )


_FIX_PICKLE = ("define the producer at the top level of a module (not a lambda or a nested function), keep what "
               "cannot be pickled (locks, open files, sessions) out of it and make that in the worker")
_FIX_MAIN = "define the producer in a module file (producers.py, say) and import it from there"


def unpicklable(obj: Any) -> str | None:
    """None where ``obj`` pickles so that a worker process can load it; else what in it does not, and why."""
    error = _pickle_error(obj)
    if error is not None:
        path = _culprit(obj, "the producer", depth=3)
        return f"{path} cannot be pickled ({type(error).__name__}: {error})"
    main = sys.modules.get("__main__")
    if getattr(main, "__file__", None) is None and _refers_to_main(obj):
        # A spawned worker imports the main module from its file; an interactive session, a notebook or
        # ``python -c`` has none, so what is defined there cannot be found in the worker.
        return ("it is defined in __main__ of a session with no script file (a notebook, the interactive "
                "prompt, python -c), which a worker process cannot import")
    return None


def _refers_to_main(obj: Any) -> bool:
    """Whether ``obj`` pickles with a reference to something defined in ``__main__``."""
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    for op, arg, _ in pickletools.genops(data):
        if op.name in ("GLOBAL", "INST") and isinstance(arg, str) and arg.split(" ")[0] == "__main__":
            return True
        if arg == "__main__" and "UNICODE" in op.name:
            return True
    return False


def _pickle_error(obj: Any) -> Exception | None:
    try:
        pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as error:  # noqa: BLE001 - whatever pickling raises is the answer
        return error
    return None


def _children(obj: Any) -> list[tuple[str, Any]]:
    if isinstance(obj, functools.partial):
        return ([(".func", obj.func)] + [(f".args[{i}]", a) for i, a in enumerate(obj.args)]
                + [(f".keywords[{k!r}]", v) for k, v in obj.keywords.items()])
    if isinstance(obj, (list, tuple)):
        return [(f"[{i}]", v) for i, v in enumerate(obj)]
    if isinstance(obj, dict):
        return [(f"[{k!r}]", v) for k, v in obj.items()]
    if hasattr(obj, "__self__") and not isinstance(obj.__self__, type(pickle)):  # a bound method
        return [(".__self__", obj.__self__)]
    state = getattr(obj, "__dict__", None)
    if isinstance(state, dict) and not callable(getattr(obj, "__code__", None)):
        return [(f".{k}", v) for k, v in state.items()]
    return []


def _culprit(obj: Any, path: str, depth: int) -> str:
    """The deepest part of ``obj`` (within ``depth`` steps) that does not pickle, named by its path."""
    if depth:
        for name, child in _children(obj):
            if _pickle_error(child) is not None:
                return _culprit(child, path + name, depth - 1)
    return f"{path} ({type(obj).__name__} {_short(obj)})"


def _short(obj: Any) -> str:
    qualname = getattr(obj, "__qualname__", None)
    if isinstance(qualname, str) and callable(obj):
        return repr(qualname)
    try:
        text = repr(obj)
    except Exception:  # noqa: BLE001
        text = object.__repr__(obj)
    return text if len(text) <= 60 else text[:57] + "..."
