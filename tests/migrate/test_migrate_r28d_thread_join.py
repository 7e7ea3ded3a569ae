"""Held-out round 28's feeding class that keeps its thread on the instance (``self._thread = Thread(...)``) and
waits for it in another method (``def join(self): self._thread.join()``), its instance handed to an agent
class whose ``build()`` dequeues ``self.memory.queue.dequeue_many(n)``.

Once the class form makes the starter start no thread, what only joined that thread goes (a method left with
nothing else stays, doing nothing, for its callers anywhere); the instance handed to another class's
constructor is followed into that class, whose dequeue reads the dataset the feeding class keeps. Any other
read of the kept thread, or another use of the handed instance, leaves the class, naming the line.

The programs of ``r28d_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r28d_programs"


@pytest.mark.timeout(500)
def test_the_r28d_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 4
    lib = {p.name: (migrated / "r28d_lib" / p.name).read_text() for p in (original / "r28d_lib").glob("*.py")}
    assert [n for n, c in {**code, **lib}.items() if "FIFOQueue(" in c or "threading" in c] == [], code
    assert "    def join(self):\n        # tfdata-bridge migrate: no thread to join" in lib["memory.py"]
    assert "_thread" not in lib["memory.py"].split('"""')[-1].replace("`_thread`", "")
    assert "self.memory.queue\n" in lib["agent.py"] and "dequeue_many" not in lib["agent.py"]
    assert "self.source.q\n" in code["pool_threads_joined_in_loop_learner_here.py"]
    stop = code["stop_joins_with_timeout_one_module.py"]
    assert "join(timeout" not in stop and "def stop(self):" in stop
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)


ONE = (PROGRAMS / "stop_joins_with_timeout_one_module.py").read_text()


@pytest.mark.parametrize("change, said", [
    # the thread returned
    (("        self.thread = None\n\n\ndef main", "        self.thread = None\n\n    def handle(self):\n"
      "        return self.thread\n\n\ndef main"), "is read at line 32 other than joined"),
    # its name used
    (("            self.thread.join(timeout=30)\n", "            self.thread.join(timeout=30)\n"
      "            print(self.thread.name)\n"), "is read at line 29 other than joined"),
    # its liveness answered to the caller
    (("        self.thread = None\n\n\ndef main", "        self.thread = None\n\n    def running(self):\n"
      "        return self.thread is not None and self.thread.is_alive()\n\n\ndef main"),
     "is read at line 32 other than joined"),
    # read through the instance outside the class
    (("        feeder.stop()\n", "        feeder.thread.join()\n"), "is read at line 44 other than joined"),
])
def test_a_read_of_the_kept_thread_other_than_a_join_leaves_the_class(change, said):
    text = ONE.replace(*change)
    assert text != ONE
    result = rewrite(text, to="tfdata")
    assert result.code == text, result.code
    assert said in " ".join(n.message for n in result.refused), result.notes


def test_an_instance_kept_by_a_class_of_its_own_module_is_left_saying_so():
    # (an ``Agent`` whose ``batch`` sets an attribute: a plain one, which only keeps the feeder, is written at its
    # call now, ``provider_inline.py``, and its read of ``self.feeder.queue`` is the feeder's own)
    text = ONE.replace("def main(data_dir):\n    feeder = Feeder()\n    x = feeder.queue.dequeue_many(2)\n",
                       "class Agent(object):\n\n    def __init__(self, feeder):\n        self.feeder = feeder\n\n"
                       "    def batch(self):\n        self.used = True\n        return self.feeder.queue.dequeue_many(2)\n\n\n"
                       "def main(data_dir):\n    feeder = Feeder()\n    x = Agent(feeder).batch()\n")
    assert text != ONE
    result = rewrite(text, to="tfdata")
    assert result.code == text
    assert "read through `self.feeder`" in " ".join(n.message for n in result.refused), result.notes


def _tree(tmp_path, main: str, text: str, agent: str | None = None):
    root = tmp_path / "tree"
    shutil.copytree(PROGRAMS / "r28d_lib", root / "r28d_lib", ignore=shutil.ignore_patterns("__pycache__"))
    (root / main).write_text(text)
    if agent is not None:
        (root / "r28d_lib" / "agent.py").write_text(agent)
    sources = {str(p): p.read_text() for p in sorted(root.rglob("*.py"))}
    results = rewrite_tree(sources, root=str(root))
    return results[str(root / main)], results[str(root / "r28d_lib" / "memory.py")]


RL = (PROGRAMS / "rl_memory_handed_to_agent_joined.py").read_text()
AGENT = (PROGRAMS / "r28d_lib" / "agent.py").read_text()


@pytest.mark.parametrize("agent_change, said", [
    # the agent hands the memory on
    (("        self.memory = memory\n", "        self.memory = memory\n        print(self.memory)\n"),
     "uses that other than reading an attribute of it in its methods (`DQNAgent`'s module, line 11)"),
    # the constructor reads its parameter beyond keeping it
    (("        self.memory = memory\n", "        self.memory = memory\n        self.size = memory.queue.size()\n"),
     "uses its parameter `memory` other than keeping it once"),
    # the kept thread read through the agent
    (("        return self\n", "        self.worker = self.memory._thread\n        return self\n"),
     "reads `self.memory._thread`"),
])
def test_a_handed_instance_the_rewrite_cannot_follow_leaves_the_class(tmp_path, agent_change, said):
    agent = AGENT.replace(*agent_change)
    assert agent != AGENT
    main, lib = _tree(tmp_path, "main.py", RL, agent)
    assert lib.code == lib.source and main.code == RL, (lib.notes, main.code)
    assert said in " ".join(n.message for n in lib.refused), lib.notes


def test_an_instance_handed_to_what_is_no_class_of_the_tree_leaves_the_class(tmp_path):
    text = RL.replace("    mem.start(sess, transitions)\n", "    mem.start(sess, transitions)\n    print(mem)\n")
    main, lib = _tree(tmp_path, "main.py", text)
    assert lib.code == lib.source and main.code == text
    assert "passes on or reads whole `mem`" in " ".join(n.message for n in lib.refused), lib.notes


def test_a_thread_given_only_the_session_kept_and_joined_by_stop_goes_with_its_join():
    text = ONE.replace("def feed(self, sess, count):\n        for i in range(count):",
                       "def feed(self, sess):\n        for i in range(9):")
    text = text.replace("args=(sess, count)", "args=(sess,)")
    assert text != ONE
    result = rewrite(text, to="tfdata")
    assert not result.refused, result.notes
    assert "    def stop(self):\n        # tfdata-bridge migrate: no thread to join: `feed` is read by tf.data\n" \
           "        pass\n" in result.code, result.code
    assert "self.thread" not in result.code and "threading" not in result.code


def test_a_receiving_class_also_made_without_the_instance_leaves_the_class(tmp_path):
    # ``DQNAgent`` made a second time on something else: its ``self.memory.queue`` is not always the dataset
    text = RL.replace("    batches = []\n", "    spare = DQNAgent(None)\n    batches = []\n")
    assert text != RL
    main, lib = _tree(tmp_path, "main.py", text)
    assert lib.code == lib.source and main.code == text
    assert "handed to `DQNAgent` (r28d_lib/agent.py), which is also made or named elsewhere" in \
        " ".join(n.message for n in lib.refused), lib.notes
