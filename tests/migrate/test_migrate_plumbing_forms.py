"""The spellings of queue-runner plumbing real training and eval loops use, once the pipeline is tf.data: each
goes (or stays, harmless and no queue API, where the program uses it for more) and the program delivers what
it did.

- ``threads += tf.train.start_queue_runners(...)`` and ``threads.extend(tf.train.start_queue_runners(...))``
  were left in place by the plumbing's removal (only ``threads = start_queue_runners(...)`` and the call alone
  were seen), so the coordinator they name stayed with them and ``scan`` still flagged the result: they go now,
  with the ``threads = []`` they fill where only the plumbing used it (the list stays, empty, where the program
  joins it itself or uses the name for more);
- already handled, kept so here: ``threads = ...start_queue_runners(...)`` however imported
  (``tf.train.queue_runner``, ``tensorflow.python.training.queue_runner_impl``, ``from tensorflow.compat.v1
  import train``), the QUEUE_RUNNERS collection's loop (``tf.compat.v1.GraphKeys``, ``ops.GraphKeys``),
  ``coord.request_stop(e)`` in a handler, ``with coord.stop_on_exception():``, a ``finally:
  coord.request_stop()``, ``coord.join(threads[, stop_grace_period_secs=...])``, ``for t in threads:
  t.join()``, ``sess.close()`` while the runners ran, a coordinator that is also the loop's own stop flag.

The programs of ``plumbing_form_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite, scan_source

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "plumbing_form_programs"


@pytest.mark.timeout(500)
def test_the_plumbing_form_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 7
    for path, text in code.items():
        assert [f.api for f in scan_source(text)] == [], (path, text)
        assert "start_queue_runners" not in text and "create_threads" not in text, (path, text)
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert_delivers_the_same(name, want, got, "exact", end=None)  # (some stop early: the same end)


LOOP = '''\
import tensorflow.compat.v1 as tf


def main(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    a, b = tf.decode_csv(line, [[0], [0]])
    xs, ys = tf.train.batch([a, b], batch_size=2)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = []
        {start}
        try:
            while True:
                out.append(sess.run([xs, ys]))
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        {join}
    return out
'''


@pytest.mark.parametrize("start", ["threads += tf.train.start_queue_runners(sess=sess, coord=coord)",
                                   "threads.extend(tf.train.start_queue_runners(sess, coord))"])
@pytest.mark.parametrize("join", ["coord.join(threads)", "coord.join(threads, stop_grace_period_secs=10)"])
def test_runner_threads_added_to_a_list_go_with_the_list_and_the_coordinator(start, join):
    result = rewrite(LOOP.format(start=start, join=join), to="tfdata")
    assert not result.refused, result.notes
    code = result.code
    assert "threads" not in code and "Coordinator" not in code and "coord" not in code, code
    assert [f.api for f in scan_source(code)] == []


@pytest.mark.parametrize("start", ["threads += tf.train.start_queue_runners(sess=sess, coord=coord)",
                                   "threads.extend(tf.train.start_queue_runners(sess, coord))"])
def test_a_list_the_program_joins_itself_stays_empty(start):
    join = "for t in threads:\n            t.join()"
    code = rewrite(LOOP.format(start=start, join=join), to="tfdata").code
    assert "threads = []\n" in code and "for t in threads:" in code and "start_queue_runners" not in code, code
    assert "Coordinator" not in code and [f.api for f in scan_source(code)] == []


def test_a_list_that_also_holds_other_threads_keeps_them():
    source = LOOP.format(start="threads += tf.train.start_queue_runners(sess=sess, coord=coord)\n"
                               "        threads.append(WORKER)", join="coord.join(threads)")
    code = rewrite(source, to="tfdata").code
    # the list keeps the program's own thread, the coordinator still joins it
    assert "threads = []\n" in code and "threads.append(WORKER)" in code and "coord.join(threads)" in code, code
    assert "start_queue_runners" not in code
