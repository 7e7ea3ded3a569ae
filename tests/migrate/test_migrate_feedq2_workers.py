"""Feeding threads handed the placeholders inside a literal tuple or list (TensorFlow's "Threading and Queues"
``MyLoop(coord, i, sess, enqueue_op, (a_ph, b_ph), rows)``) that the target unpacks once, first thing, into
plain names (or reads only as ``phs[0]``, ``phs[1]``): each is the placeholder at its place, the unpacking goes
with the handed tuple (or the line binding it to a name only the thread reads). A literal ``kwargs=``
(``{'sess': sess}``, ``dict(sess=sess)``) is bound to the target's parameters after ``args=``. A feed built as
``{ph: v for ph, v in zip(phs, values)}`` yields the values in the placeholders' order. Several workers (a
comprehension, a plain ``for`` making or starting them, a loop reusing the handle's name to join them) each feed
their own slice, one run of the generator each; threads made in a ``while``, in nested loops or by a
comprehension inside a loop are left. A tuple read otherwise, or an unpacked name bound again, is left.
WaveNet's reader closing its queue last in ``while not stop:`` after an unconditional ``stop = True`` (one pass)
migrates; with ``stop`` set only on a branch, or with a second queue fed in lockstep (``gc_queue``), it is left
and says why.

The programs of ``feedq2_programs/`` are migrated as one tree and run against their originals."""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "feedq2_programs"
MYLOOP = PROGRAMS / "myloop_tuple_placeholders_workers.py"
AUDIO = PROGRAMS / "feedq2_lib" / "audio.py"


@pytest.mark.timeout(500)
def test_the_feedq2_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    programs = sorted(original.glob("*.py"))
    assert len(programs) == 6
    assert [n for n, c in code.items() if "Queue(" in c] == [], code
    assert "def MyLoop(worker_id, rows):" in code[MYLOOP.name], code[MYLOOP.name]
    assert "def thread_main(self):" in code["audio.py"], code["audio.py"]
    zipped = code["zip_comprehension_feed_enqueue_many.py"]
    assert "yield tuple(col[lo:lo + 3] for ph, col in zip(range(2), columns))" in zipped, zipped
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        one = "wavenet" in name or "zip" in name  # (one feeding thread: legacy's order)
        assert_delivers_the_same(name, want, got, "exact" if one else "multiset", end=want.get("end"))


def _said(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert result.refused, result.code
    return " ".join(" ".join(n.message for n in result.notes).split())


def test_kwargs_leaving_a_parameter_to_its_default_before_a_named_one_is_left():
    source = (PROGRAMS / "kwargs_workers_dict_call.py").read_text().replace(
        "def push(sess, op, phs, rows, coord):", "def push(sess, op, phs, rows=(), extra=None, coord=None):")
    assert "extra=None" in source
    assert "kwargs= does not name its target's parameters after its args= one by one" in _said(source)


def test_a_named_list_of_placeholders_read_beyond_the_thread_is_left():
    path = PROGRAMS / "feedq2_lib" / "pairs.py"
    source = path.read_text().replace("    workers = []\n", "    workers = []\n    print(len(pair_phs))\n")
    assert "print(len(pair_phs))" in source
    assert "the thread does not pass `_worker` the placeholder `left` once" in _said(source)


def test_a_handed_list_read_by_a_computed_index_is_left():
    source = (PROGRAMS / "kwargs_workers_dict_call.py").read_text().replace("phs[1]: float", "phs[len(phs) - 1]: float")
    assert "phs[len(phs) - 1]" in source
    assert "passes `push` the queue's ops inside an expression" in _said(source)


def test_a_handed_tuple_read_beyond_its_unpacking_is_left():
    source = MYLOOP.read_text().replace("    for r in rows:\n", "    print(len(placeholders))\n    for r in rows:\n")
    assert "print(len(placeholders))" in source
    assert "passes `MyLoop` the queue's ops inside an expression" in _said(source)


def test_an_unpacked_placeholder_name_bound_again_is_left():
    source = MYLOOP.read_text().replace("    for r in rows:\n", "    for id_ph in rows:\n").replace(
        'r["id"]', 'id_ph["id"]').replace('r["score"]', 'id_ph["score"]')
    assert "for id_ph in rows" in source
    assert "passes `MyLoop` the queue's ops inside an expression" in _said(source)


def test_a_close_last_in_a_while_not_stop_whose_stop_is_set_on_a_branch_is_left():
    source = AUDIO.read_text().replace("            stop = True\n            sess.run(self.close)",
                                       "            if self.sample_size:\n                stop = True\n"
                                       "            sess.run(self.close)")
    assert "                stop = True\n            sess.run(self.close)" in source
    assert "closes the queue on a pass of a loop that goes on after it" in _said(source)


def test_wavenets_second_queue_fed_in_lockstep_is_left_saying_why():
    source = AUDIO.read_text().replace("        self.close = self.queue.close()\n", """\
        self.close = self.queue.close()
        if self.gc_enabled:
            self.id_placeholder = tf1.placeholder(dtype=tf.int32, shape=())
            self.gc_queue = tf1.PaddingFIFOQueue(queue_size, ["int32"], shapes=[()])
            self.gc_enqueue = self.gc_queue.enqueue([self.id_placeholder])
""").replace("        self.threads = []\n", "        self.threads = []\n        self.gc_enabled = True\n").replace(
        "                        audio = audio[self.sample_size:, :]\n", """\
                        audio = audio[self.sample_size:, :]
                        if self.gc_enabled:
                            sess.run(self.gc_enqueue, feed_dict={self.id_placeholder: len(path)})
""").replace("    def thread_main(self, sess):", "    def dequeue_gc(self, n):\n"
             "        return self.gc_queue.dequeue_many(n)\n\n    def thread_main(self, sess):")
    assert "self.gc_queue.dequeue_many(n)" in source and "sess.run(self.gc_enqueue" in source
    said = _said(source)
    assert "`thread_main` feeds several queues in lockstep, `self.queue`" in said, said
    assert "`self.gc_queue` (line 32, behind `if self.gc_enabled:`" in said, said
    assert "`--fallback compat` runs it through the drop-in" in said, said


INLINE = PROGRAMS / "inline_start_loop_closure_workers.py"


def test_threads_started_in_a_while_loop_are_left():
    source = INLINE.read_text().replace("    for i in range(4):\n        threading.Thread(",
                                        "    i = 0\n    while i < 4:\n        threading.Thread(").replace(
        "i * 4 + 4)).start()\n", "i * 4 + 4)).start()\n        i += 1\n")
    assert "while i < 4:" in source and "i += 1" in source
    assert "the feeding thread is made in a loop other than one plain `for` whose body makes it" in _said(source)


def test_threads_made_by_a_comprehension_inside_a_loop_are_left():
    source = INLINE.read_text().replace("    for i in range(4):\n        threading.Thread(",
                                        "    for rep in range(2):\n        ts = [threading.Thread(").replace(
        "i * 4 + 4)).start()\n", "i * 4 + 4)) for i in range(2)]\n        for t in ts:\n            t.start()\n")
    assert "for rep in range(2):" in source and "for i in range(2)]" in source
    assert "made by a comprehension with conditions or nested loops, or in a loop" in _said(source)


ZIPPED = PROGRAMS / "zip_comprehension_feed_enqueue_many.py"


def test_a_zip_comprehension_feed_whose_value_reads_the_placeholder_is_left():
    source = ZIPPED.read_text().replace("{ph: col[lo:lo + 3] for", "{ph: col[lo:lo + 3][:ph.shape[0]] for")
    assert "ph.shape[0]" in source
    assert "the feed_dict comprehension is not keyed by the dict (list) of the enqueued placeholders" in _said(source)


def test_a_while_not_stop_closing_inside_another_loop_is_left():
    source = AUDIO.read_text().replace(
        "        stop = False\n        while not stop:\n",
        "        for epoch in range(2):\n          stop = False\n          while not stop:\n")
    assert "for epoch in range(2):" in source
    assert "closes the queue on a pass of a loop that goes on after it" in _said(source)
