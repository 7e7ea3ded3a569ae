"""Runs several legacy (or migrated) programs in one process and prints what each delivered, as JSON.

    python run_programs.py [--make-data] DATA_DIR PROGRAM.py [PROGRAM.py ...]
    python run_programs.py --serve

``--serve`` answers many such runs in one process (``tests/migrate/both_ways.py`` keeps one per test process, so
each test file does not pay TensorFlow's import again): each line of stdin is a request
``{"argv": [...]}`` (the arguments above), each answered by one line of JSON on stdout; what the programs print
goes to stderr, so it cannot be taken for an answer.

Each program's ``main(data_dir)`` runs in a fresh graph, with the program's folder first on ``sys.path``; the
modules it imported from that folder are forgotten after it, so programs of two trees that hold a package of the
same name (an original and its migrated copy) run in one process, each with its own. An exception is reported as
``{"error": "Type: message"}`` for that program. One process for many programs: TensorFlow's import is slow.
"""

from __future__ import annotations

import gc
import json
import os
import runpy
import sys
import time


def main(argv: list[str]) -> dict:
    import tensorflow as tf

    tf.compat.v1.disable_eager_execution()
    tf.get_logger().setLevel("ERROR")
    if not gc.get_freeze_count():  # TensorFlow's objects out of the cyclic collector's walks (the first run only)
        gc.collect()
        gc.freeze()
    if argv[0] == "--make-data":
        here = os.path.dirname(os.path.abspath(__file__))
        if here not in sys.path:
            sys.path.insert(0, here)
        from make_data import make_data

        argv = argv[1:]
        make_data(argv[0])
    data_dir, programs = argv[0], argv[1:]
    results = {}
    for path in programs:
        start, cpu_start = time.perf_counter(), time.process_time()
        folder, saved_path, loaded = os.path.dirname(os.path.abspath(path)), list(sys.path), set(sys.modules)
        sys.path.insert(0, folder)
        try:
            namespace = runpy.run_path(path, run_name="legacy_program")
            with tf.Graph().as_default():
                results[path] = namespace["main"](data_dir)
        except Exception as exc:  # reported, so one failing program does not hide the others
            results[path] = {"error": f"{type(exc).__name__}: {exc}"}
        finally:
            sys.path[:] = saved_path
            _forget_modules(folder, loaded)
        results[path]["seconds"] = time.perf_counter() - start
        # CPU of every thread of this process while the program ran (its runner threads too): the load of a busy
        # machine distorts it less than the wall time.
        results[path]["cpu_seconds"] = time.process_time() - cpu_start
    return results


def _forget_modules(folder: str, loaded: set[str]) -> None:
    """Drops the modules a program loaded from its ``folder`` (its own helpers; not in ``loaded`` before it ran),
    so the next program imports its own."""
    for name in set(sys.modules) - loaded:
        file = getattr(sys.modules[name], "__file__", None)
        if file and os.path.abspath(file).startswith(folder + os.sep):
            del sys.modules[name]


def serve() -> None:
    """One answer line per request line, until stdin ends; then out at once (a thread a program left running
    must not hold the exit)."""
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # the programs' prints (Python's and TensorFlow's own) go to stderr
    sys.stdout = sys.stderr
    for line in sys.stdin:
        answers.write(json.dumps(main(json.loads(line)["argv"])) + "\n")
        answers.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:
        print(json.dumps(main(sys.argv[1:])))
