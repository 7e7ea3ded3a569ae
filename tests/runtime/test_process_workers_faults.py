"""Issue 19, item 1, worker faults that need a process of their own: Ctrl-C at the consumer's terminal
(SIGINT to its whole process group, workers included: the consumer ends them all), and the
interpreter's exit with workers still running. Each runs this file as a script in a fresh Python (its
``main`` is guarded, as a program that starts spawned workers must be), which prints its workers' pids;
the test then checks that every worker is gone (reaped) and no shared-memory segment of the child is
left. (A SIGKILLed worker and a producer's exception are in ``test_process_workers.py``.)"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

CHILD_TIMEOUT_S = 120


def _child(mode: str) -> None:
    """In the child: start two workers, report their pids, then end as ``mode`` says."""
    import multiprocessing

    import process_producers as pp
    import tfdata_bridge as tfdb

    signal.signal(signal.SIGINT, signal.default_int_handler)
    producer = pp.sleeps_forever if mode == "ctrl-c" else pp.endless_pids
    dtypes, shapes = ("int64", [()]) if mode == "ctrl-c" else (["int64", "int64"], [(), ()])
    iterator = iter(tfdb.compile(tfdb.pipeline(producer, dtypes=dtypes, shapes=shapes, workers=2, capacity=8)))
    next(iterator)
    pids = [p.pid for p in multiprocessing.active_children()]
    if mode == "ctrl-c":
        # the pids go out once the main thread waits inside next(): the parent's Ctrl-C must find it there
        # (sent any earlier, it would interrupt this function, not the wait in tf.data)
        threading.Thread(target=_announce_when_waiting, args=(pids,), daemon=True).start()
        try:
            next(iterator)  # waits in tf.data for a producer whose call never returns
        except KeyboardInterrupt:
            # (the pool reaps its workers as it shuts down: counted once they are gone, or after 10 s)
            deadline = time.monotonic() + 10
            while multiprocessing.active_children() and time.monotonic() < deadline:
                time.sleep(0.05)
            print(f"CAUGHT KeyboardInterrupt; children left: {len(multiprocessing.active_children())}", flush=True)
            raise  # and the program ends with it, as an uncaught Ctrl-C ends one
        print("NOT INTERRUPTED", flush=True)
    else:
        print("PIDS " + json.dumps(pids), flush=True)
        globals()["kept"] = iterator  # alive at exit, its workers busy making elements


def _announce_when_waiting(pids: list[int]) -> None:
    """Print the pids once the main thread is inside an iterator's ``__next__`` (its frames show it)."""
    main = threading.main_thread().ident
    deadline = time.monotonic() + CHILD_TIMEOUT_S
    while time.monotonic() < deadline:
        frame, names = sys._current_frames().get(main), set()  # noqa: SLF001 - the test's own child process
        while frame is not None:
            names.add(frame.f_code.co_name)
            frame = frame.f_back
        if "__next__" in names:
            break
        time.sleep(0.01)  # (polls a state; no assertion rests on the time)
    print("PIDS " + json.dumps(pids), flush=True)


def _run_child(mode: str) -> tuple[subprocess.Popen, list[int], str, str]:
    from child_results import child_env

    env = child_env()  # tests/ on the path: the child imports process_producers
    # a session (and process group) of its own: a Ctrl-C goes to the whole group, as a terminal sends it
    child = subprocess.Popen([sys.executable, __file__, mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env, start_new_session=True)
    try:
        line = child.stdout.readline()
        assert line.startswith("PIDS "), line + child.stderr.read()[-3000:] if child.poll() is not None else line
        pids = json.loads(line[len("PIDS "):])
        if mode == "ctrl-c":
            # to the consumer's whole process group, as a terminal's Ctrl-C: its workers (and Python's
            # resource tracker) get it too; the consumer's own KeyboardInterrupt must still end them all
            os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=CHILD_TIMEOUT_S)
        return child, pids, out, err
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_ctrl_c_in_the_consumers_terminal_ends_every_worker():
    import process_leftovers

    child, pids, out, err = _run_child("ctrl-c")
    assert len(pids) == 2
    # the workers ended before next() returned: the wait in tf.data ended the iteration
    assert "CAUGHT KeyboardInterrupt; children left: 0" in out, out + err[-3000:]
    # Python ends a program on an uncaught KeyboardInterrupt by SIGINT (exit status -2)
    assert child.returncode == -signal.SIGINT and "KeyboardInterrupt" in err, err[-3000:]
    assert "leaked shared_memory" not in err, err[-3000:]
    assert "WorkerError" not in err and "WorkerDiedError" not in err, err[-3000:]  # no worker died of the SIGINT
    assert process_leftovers.wait_gone(pids, owner=child.pid) == ([], [])


def test_interpreter_exit_with_live_workers_ends_them_and_unlinks_the_segments():
    import process_leftovers

    child, pids, out, err = _run_child("exit")
    assert len(pids) == 2
    assert child.returncode == 0, err[-3000:]
    assert "leaked shared_memory" not in err and "Traceback" not in err, err[-3000:]
    assert process_leftovers.wait_gone(pids, owner=child.pid) == ([], [])


def test_the_docs_process_workers_example_runs_as_two_files(tmp_path):
    import pathlib
    import re

    page = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "scaling-out.md").read_text()
    section = page.split("## Process workers", 1)[1].split("\n## ", 1)[0]
    blocks = [b for b in re.findall(r"^```py\n(.*?)^```", section, flags=re.S | re.M) if b.startswith("# ")]
    assert [b.splitlines()[0].split(":")[0] for b in blocks] == ["# producers.py", "# train.py"]
    for block in blocks:
        (tmp_path / block.splitlines()[0][2:].split(":")[0]).write_text(block)
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2", PYTHONPATH=str(pathlib.Path(__file__).resolve().parents[2]))
    result = subprocess.run([sys.executable, "train.py"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=CHILD_TIMEOUT_S, env=env)
    assert result.returncode == 0 and "10000 examples" in result.stdout, result.stderr[-3000:]


if __name__ == "__main__":
    _child(sys.argv[1])
