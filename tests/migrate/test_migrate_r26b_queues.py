"""Held-out round 26's hand-built queues (r26b): runner forms real code used, each rewritten where the rewrite
delivers what legacy did, or left with a reason naming the obstacle.

- a prefetch queue's ``QueueRunner`` added to a named collection (``add_queue_runner(qr, collection=...)``, or
  the collection as the second argument, the runner inline or kept in a variable and added later) and started
  by collection (``start_queue_runners(collection=...)``, or ``create_threads`` over ``get_collection(...)``),
  train and eval runners started apart: the collection's runners only ran once started, and gave the same
  elements whenever that was, so the dataset gives them as it is read; a collection nothing in the module is
  seen to start (legacy's dequeue waits for ever) is refused, saying so.

The programs of ``r26b_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r26b_programs"
MULTISET = {"runner_kept_added_later_loop_start", "replay_shared_name_copies_session",
            "prefetch_readers_shared_name_helper"}  # (several enqueue threads: legacy's order varied)


@pytest.mark.timeout(500)
def test_the_r26b_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 3
    assert [n for n, c in code.items() if "Queue(" in c or "QueueRunner(" in c] == [], code
    assert "start_queue_runners" not in code["collections_started_apart_by_param.py"]
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "multiset" if name in MULTISET else "exact", end=None)


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(n.message for n in result.notes)


COLLECTION = '''\
import tensorflow.compat.v1 as tf

RUNNERS = "prefetch_runners"


def rows(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    q = tf.FIFOQueue(8, [tf.string], shapes=[[]])
    enq = q.enqueue([line])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enq]), collection={added})
    return q.dequeue_many(2)


def run(path):
    batch = rows(path)
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord{started})
        return sess.run(batch)
'''


def test_a_runner_in_a_collection_nothing_starts_is_left_saying_so():
    said = _said(COLLECTION.format(added="RUNNERS", started=""))
    assert "added to the collection `RUNNERS`, which no `start_queue_runners(collection=...)`" in said, said


def test_a_runner_in_a_collection_other_than_the_one_started_is_left():
    said = _said(COLLECTION.format(added="RUNNERS", started=', collection="other_runners"'))
    assert "added to the collection `RUNNERS`" in said, said


def test_a_runner_in_a_collection_of_unknown_name_is_left():
    source = COLLECTION.format(added="name_of(path)", started=", collection=RUNNERS")
    said = _said(source.replace("\n\ndef rows", "\n\ndef name_of(p):\n    return RUNNERS\n\n\ndef rows"))
    assert "added to the collection `name_of(path)`" in said, said


@pytest.mark.parametrize("added, started", [("RUNNERS", ", collection=RUNNERS"),
                                            ('"prefetch_runners"', ", collection=RUNNERS"),
                                            ("tf.GraphKeys.QUEUE_RUNNERS", "")])
def test_a_runner_in_the_collection_started_is_rewritten(added, started):
    result = rewrite(COLLECTION.format(added=added, started=started), to="tfdata")
    assert not result.refused, [n.message for n in result.notes]
    assert "QueueRunner(" not in result.code and "start_queue_runners" not in result.code, result.code


SHARED = '''\
import tensorflow.compat.v1 as tf


def rows(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    q = tf.FIFOQueue(8, [tf.string], shapes=[[]], shared_name={name})
    enq = q.enqueue([line])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enq] * 2))
    return q.dequeue_many(2)


def run(path{param}):
{body}'''
LOCAL = "    batch = rows(path)\n    with tf.Session() as sess:\n        return sess.run(batch)\n"


@pytest.mark.parametrize("name, param, body, why", [
    ('"buffer"', ", server", "    batch = rows(path)\n    with tf.Session(server.target) as sess:\n"
     "        return sess.run(batch)\n", "`tf.Session(server.target)` connects to a server"),
    ('"buffer"', "", "    server = tf.train.Server.create_local_server()\n" + LOCAL, "the program uses `tf.train.Server"),
    ('"buffer"', "", "    batch = rows(path)\n    with tf.train.MonitoredTrainingSession(master='grpc://learner:2222') "
     "as sess:\n        return sess.run(batch)\n", "connects to a server"),
    ('"buffer"', "", "    with tf.container('experience'):\n" + LOCAL.replace("    ", "        "),
     "the program uses `tf.container`"),
    ('"buffer"', "", "    other = tf.FIFOQueue(8, [tf.string], shared_name='buffer')\n" + LOCAL,
     "is built with that shared name too"),
    ('"buffer"', "", "    batches = [rows(path), rows(path)]\n    with tf.Session() as sess:\n"
     "        return sess.run(batches)\n", "`rows`, which makes it, is called more than once"),
    ('name_of(path)', "", LOCAL, "its name is not known here"),
])
def test_a_shared_queue_another_session_may_reach_is_left_naming_why(name, param, body, why):
    said = _said(SHARED.format(name=name, param=param, body=body))
    assert f"shared_name={name})` shares the queue with the other sessions of a server" in said, said
    assert why in said, said


@pytest.mark.parametrize("body", [LOCAL, LOCAL.replace("tf.Session()", "tf.train.MonitoredTrainingSession()")])
def test_a_shared_queue_in_an_in_process_program_drops_its_name_saying_so(body):
    result = rewrite(SHARED.format(name='"buffer"', param="", body=body), to="tfdata")
    assert not result.refused, [n.message for n in result.notes]
    assert "shared_name" not in result.code.replace('shared_name="buffer" goes', ""), result.code
    assert 'the queue\'s shared_name="buffer" goes: the program\'s sessions are in-process' in result.code


def test_per_actor_enqueue_ops_made_in_a_loop_are_left_naming_the_loop():
    source = SHARED.format(name="None", param="", body=LOCAL).replace(
        "    enq = q.enqueue([line])\n    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enq] * 2))\n",
        "    ops = []\n    for i in range(3):\n        ops.append(q.enqueue([tf.strings.join([line, str(i)])]))\n"
        "    tf.train.add_queue_runner(tf.train.QueueRunner(q, ops))\n")
    said = _said(source)
    assert "`q` is filled by an enqueue op made in each turn of the loop at line 9 (`ops.append(q.enqueue(...))`)" \
        in said, said


def test_a_shared_queue_whose_tree_runs_a_server_in_another_module_is_left(tmp_path):
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    lib = SHARED.format(name='"buffer"', param="", body=LOCAL)
    main = ("import tensorflow.compat.v1 as tf\nimport replay_lib\n\n\ndef learner(path):\n"
            "    server = tf.train.Server(tf.train.ClusterSpec({'learner': ['localhost:2222']}))\n"
            "    return replay_lib.run(path)\n")
    got = rewrite_tree({str(tmp_path / "replay_lib.py"): lib, str(tmp_path / "learner.py"): main}, root=str(tmp_path))
    said = " ".join(n.message for n in got[str(tmp_path / "replay_lib.py")].notes)
    assert "another module of the tree spells `Server(`" in said, said


@pytest.mark.parametrize("started, refused", [(", collection=RUNNERS", False), ("", True)])
def test_a_runner_kept_and_added_to_a_named_collection_by_add_to_collection(started, refused):
    source = COLLECTION.format(added="RUNNERS", started=started).replace(
        "    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enq]), collection=RUNNERS)\n",
        "    qr = tf.train.QueueRunner(q, [enq])\n    tf.add_to_collection(RUNNERS, qr)\n")
    result = rewrite(source, to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert bool(result.refused) == refused, (said, result.code)
    if refused:
        assert "the runner `qr` is added to the collection `RUNNERS`, which no" in said, said
    else:
        assert "QueueRunner(" not in result.code and "add_to_collection" not in result.code, result.code
