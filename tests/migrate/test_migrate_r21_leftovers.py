"""Held-out round 21's leftovers (forms18): im2txt's three-module input side, the preprocessing copies of a
model class handed to a batch helper of another module (``batch_with_dynamic_pad``) while the values queue comes
from a prefetch helper of another module; and WaveNet's two padding queues fed in lockstep by one thread.

The programs of ``r21l_programs/`` (the three-module layout, the same in two modules, a class and a function, the
reader on ``self`` and local) are migrated as one tree and run against their originals: every element once (the
copies compete for legacy's queue, so rows are compared as a multiset), the same batch sizes, the same end."""

from __future__ import annotations

from tfdata_bridge._src.migrate.comments import wrapped_comment


def test_a_note_quoting_a_statement_written_over_several_lines_is_one_comment_per_line():
    text = ('`q.size()` read only by `tf.summary.scalar("queue/%s" % (q.name,\n'
            '                  capacity), 1.)`')
    lines = [line.comment.value for line in wrapped_comment(text, width=40)]
    assert all("\n" not in c and c.startswith("#") and len(c) <= 40 for c in lines), lines
    assert " ".join(c[2:] for c in lines) == " ".join(text.split())
