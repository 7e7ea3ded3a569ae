"""Held-out rounds 48/49's tacotron-style feeders: a ``threading.Thread`` subclass whose ``run`` loops
``if not self._enqueue_next_group(): break`` (the method returns whether it fed; it, or ``run``, closes the
queue at the end of the data, ``sess.run(close); return False`` / ``sess.run(close); break``), the session kept
by ``start_in_session`` (or a plain class whose ``start_in_session`` makes ``threading.Thread(target=self.run)``:
that thread stays, its target an empty ``run``). The loop becomes a generator method reading ``not (yield from
self._enqueue_next_group())``, the closes go (the generator's end is the data's end). A ``run`` that calls such a method as a whole statement
(legacy would call it again after the close) is refused.

The programs of ``r48d_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r48d_programs"
ENDS = {"feeder_inline": "OutOfRangeError after 4"}


@pytest.mark.timeout(500)
def test_the_r48d_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 3
    assert [n for n, c in code.items() if "Queue(" in c] == [], code
    assert '"""Feeds nothing now: its loop is `elements`, read by tf.data."""' in code["takes.py"]
    for name in ("feeder_inline.py", "feeder.py", "takes.py"):
        assert "if not (yield from self._enqueue_next_group()):" in code[name], code[name]
        assert "_close_op)" not in code[name], code[name]
    # (the coordinator's report after an unconditional log: the log stays and the error is raised to ``get_next``)
    assert "traceback.print_exc()\n            raise\n" in code["feeder.py"] and "coord" not in code["feeder.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=ENDS.get(name, "OutOfRangeError"))


def _lib() -> str:
    return (PROGRAMS / "r48d_lib" / "feeder.py").read_text()


def test_a_run_that_does_not_stop_on_the_closing_return_is_left():
    source = _lib().replace("                if not self._enqueue_next_group():\n                    break\n",
                            "                self._enqueue_next_group()\n")
    assert "                self._enqueue_next_group()\n" in source
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "does not stop on it at every call" in said, said


def test_a_close_in_run_followed_by_more_than_a_stop_is_left():
    source = (PROGRAMS / "feeder_inline.py").read_text().replace(
        "                    self._session.run(self._close_op)\n                    break\n",
        "                    self._session.run(self._close_op)\n                    self._offset = 0\n")
    assert "self._offset = 0\n" in source
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    assert "runs something after closing the queue" in " ".join(n.message for n in result.notes)


def test_two_threads_of_the_target_feeding_one_queue_are_left():
    source = (PROGRAMS / "r48d_takes" / "takes.py").read_text().replace(
        "        self._thread.start()\n",
        "        self._thread.start()\n        threading.Thread(target=self.run).start()\n")
    assert "threading.Thread(target=self.run).start()" in source
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    said = " ".join(n.message for n in result.notes)
    assert "2 thread(s) of `run`" in said, said
