"""The feed-thread class form (``feed/klass.py``) on held-out round 71's ``CustomRunner`` shapes: a queue whose
kind a flag of ``__init__`` chooses (``if flag: RandomShuffleQueue else FIFOQueue``, ``class_choice.py``: the
``if`` stays, each arm keeping its part of the chain), a size op kept on the object (a constant 0 now), a close op
run by the feeder (the generator's end), an enqueue list built by ``+`` / ``list(...)`` of placeholder attributes
(a comprehension's list among them) fed by a dict filled line by line or by a ``range`` loop, a summary of the
queue's size (it goes). Queues that ``QueueBase.from_list`` selects at run time are left, saying why. The programs
of ``fixG1_programs/`` (a package holding the feeder, two programs importing it two ways, a one-module program)
are migrated as one tree and run against their originals: the FIFO arm and the one-module program exactly, the
shuffle arm as a multiset."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_tree_allowing_refusals, run_both_ways

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "fixG1_programs"
COMPARE = {"chosen_shuffle_arm_package": "multiset"}
END = {"joined_placeholder_list_one_module": None}


@pytest.mark.timeout(300)
def test_custom_runner_feed_classes_become_generators(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    out = migrate_tree_allowing_refusals(PROGRAMS, original, migrated)
    chooser, notes = out["g1runners/chooser.py"]
    assert "Queue(" not in chooser and "enqueue_op" not in chooser and "threading" not in chooser, chooser
    assert "if not shuffled:" in chooser and ".shuffle(cap, seed=7)" in chooser, chooser  # (the choice kept)
    assert "self.size_op = tf.constant(0, dtype=tf.int32)" in chooser, chooser
    assert "close_op" not in chooser, chooser  # (the close: the generator's end)
    assert "chosen by `not shuffled`" in notes, notes
    joined, notes = out["joined_placeholder_list_one_module.py"]
    assert "Queue(" not in joined and "placeholder(" not in joined and "summary.scalar" not in joined, joined
    assert "yield (image, labels[0], labels[1], labels[2])" in joined, joined  # (the range loop unrolled)
    left, notes = out["selected_queues_left.py"]
    assert left == (PROGRAMS / "selected_queues_left.py").read_text()
    assert "`self.a_q` is one of the queues `QueueBase.from_list(self.which, ...)` selects" in notes, notes
    assert "tf.switch_case" in notes, notes
    programs = [p for p in sorted(original.glob("*.py")) if p.stem != "selected_queues_left"]
    assert len(programs) == 3
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, COMPARE.get(name, "exact"),
                                 end=END.get(name, "OutOfRangeError"))


def test_arms_making_other_components_are_refused():
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    text = (PROGRAMS / "g1runners" / "chooser.py").read_text().replace("shapes=[[3]], seed=7", "shapes=[[4]], seed=7")
    main = (PROGRAMS / "chosen_fifo_arm_package.py").read_text()
    result = rewrite_tree({"/x/g1runners/chooser.py": text, "/x/g1runners/__init__.py": "", "/x/p.py": main},
                          root="/x")
    notes = " ".join(n.message for n in result["/x/g1runners/chooser.py"].notes)
    assert "differ in `shapes=`" in notes, notes
    assert "FIFOQueue(" in result["/x/g1runners/chooser.py"].code


@pytest.mark.parametrize("where", ["program", "class"])
def test_a_size_op_read_in_a_test_is_refused_not_made_a_constant(where):
    """A size a loop waits on (``while sess.run(feeder.size_op) < n``), in the program or in the feeder's own
    module: a constant 0 would never let it out, so the queue is left with a note naming the attribute."""
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    text = (PROGRAMS / "g1runners" / "chooser.py").read_text()
    main = (PROGRAMS / "chosen_fifo_arm_package.py").read_text()
    if where == "program":
        main = main.replace("    batches = []\n", "    while sess.run(feeder.size_op) < 3:\n        pass\n    batches = []\n")
    else:
        text = text.replace("    def batches(self):\n", "    def filled(self, sess):\n"
                                                        "        return sess.run(self.size_op) >= self.batch\n\n"
                                                        "    def batches(self):\n")
    assert "size_op) <" in main or "size_op) >=" in text
    result = rewrite_tree({"/x/g1runners/chooser.py": text, "/x/g1runners/__init__.py": "", "/x/p.py": main},
                          root="/x")
    notes = " ".join(n.message for n in result["/x/g1runners/chooser.py"].notes)
    assert "`size_op`, the queue's size, is read in a test" in notes, notes
    assert "tf.constant(0" not in result["/x/g1runners/chooser.py"].code
