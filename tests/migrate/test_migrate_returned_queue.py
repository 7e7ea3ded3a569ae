"""A runner-filled queue a function returns, batched by its one caller (issue 17, held-out round 8:
``padding_queue_sentinel``; ``returned_queue.py``).

The function returns the batch and the caller's ``dequeue_many(n)`` / ``dequeue_up_to(n)`` becomes the name it
bound: the runner-queue pipeline with its dequeue at the ``return``. Variants: a PaddingFIFOQueue over a
sentinel-ending ``py_func`` (the round's shape), a FIFOQueue over a ``py_func`` ending with StopIteration read by
``dequeue_up_to``, import styles, a class's method as the producer; what stays refused, with the reason.
"""

from __future__ import annotations

import pytest
from both_ways import assert_delivers_the_same, run_both_ways, write_pair

from tfdata_bridge.migrate import rewrite, scan_source

IMPORTS = {
    "tf2_compat_calls": ("import tensorflow as tf", "tf.compat.v1"),
    "v1_as_tf": ("import tensorflow.compat.v1 as tf", "tf"),
    "from_compat": ("from tensorflow.compat import v1 as tf1", "tf1"),
}

PROGRAM = '''\
import numpy as np
{imp}


class Source(object):
    def __init__(self, count):
        self._it = iter(range(count))

    def next_example(self):
        try:
            n = next(self._it)
        except StopIteration:
            {exhausted}
        return np.arange(n % 4, dtype=np.int64) + 10 * n, np.int64(n)


def build_queue(source, capacity=6):
    tokens, ids = {tf}.py_func(source.next_example, [], [{tf}.int64, {tf}.int64])
    tokens.set_shape([None])
    ids.set_shape([])
    queue = {tf}.{queue}(capacity, [{tf}.int64, {tf}.int64], shapes=[[{width}], []])
    enqueue_op = queue.enqueue([tokens, ids])
    {tf}.train.add_queue_runner({tf}.train.QueueRunner(queue, [enqueue_op]))
    return queue


def main(data_dir):
    queue = build_queue(Source(14))
    tokens_batch, id_batch = queue.{dequeue}
    out, end = [], None
    with {tf}.Session() as sess:
        coord = {tf}.train.Coordinator()
        threads = {tf}.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                tokens, ids = sess.run([tokens_batch, id_batch])
                out.append([tokens.tolist(), ids.tolist()])
                if (ids == -1).any():
                    end = "sentinel"
                    break
        except {tf}.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads, ignore_live_threads=True)
    return {{"batches": out, "end": end}}
'''

SENTINEL = "return np.zeros([0], np.int64), np.int64(-1)"
CASES = {  # (queue, element width, dequeue, what the producer does at the end)
    "padding_sentinel": ("PaddingFIFOQueue", "None", "dequeue_many(3)", SENTINEL),
    "padding_stop_up_to": ("PaddingFIFOQueue", "None", "dequeue_up_to(4)", "raise StopIteration"),
    "fifo_stop_many": ("FIFOQueue", "None", "dequeue_many(n=3)", "raise StopIteration"),
}


def program(imp: str, case: str) -> str:
    imp_line, tf = IMPORTS[imp]
    queue, width, dequeue, exhausted = CASES[case]
    text = PROGRAM.format(imp=imp_line, tf=tf, queue=queue, width=width, dequeue=dequeue, exhausted=exhausted)
    if queue == "FIFOQueue":  # one length for every element: the FIFOQueue's fixed shapes
        text = text.replace("np.arange(n % 4, dtype=np.int64)", "np.arange(2, dtype=np.int64)")
        text = text.replace("shapes=[[None], []]", "shapes=[[2], []]").replace("set_shape([None])", "set_shape([2])")
    return text


def test_the_function_returns_the_batch_and_the_caller_takes_it():
    result = rewrite(program("v1_as_tf", "padding_sentinel"), to="tfdata")
    assert not result.refused, result.notes
    assert ".padded_batch(3, drop_remainder=True)" in result.code
    assert "return list(tf.data.make_one_shot_iterator(dataset).get_next())" in result.code
    assert "    tokens_batch, id_batch = queue\n" in result.code
    assert "tf.PaddingFIFOQueue(" not in result.code and scan_source(result.code) == ()


@pytest.mark.timeout(400)
def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    pairs = {}
    for imp, case in zip(sorted(IMPORTS), sorted(CASES)):
        text = program(imp, case)
        result = rewrite(text, to="tfdata")
        assert not result.refused, (imp, case, result.notes)
        pairs[case] = write_pair(tmp_path, case, text, result.code)
    runs = run_both_ways(pairs, tmp_path / "data", make_data=False, timeout=380)
    for name, (want, got) in runs.items():
        assert_delivers_the_same(name, want, got, "exact", end=None)
    assert runs["padding_sentinel"][0]["end"] == "sentinel"
    assert runs["fifo_stop_many"][0]["end"] == runs["padding_stop_up_to"][0]["end"] == "OutOfRangeError"
    assert len(runs["padding_stop_up_to"][0]["batches"][-1][1]) == 2  # dequeue_up_to kept the short tail


REFUSED = {  # the caller's dequeue cannot move into the function: refused, with the reason
    "named_count": ("n = 3\n    tokens_batch, id_batch = queue.dequeue_many(n)", "is not a literal"),
    "in_a_loop": ("for _ in range(2):\n        tokens_batch, id_batch = queue.dequeue_many(3)",
                  "runs in a loop or a nested function"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_dequeue_that_cannot_move_stays_refused_with_the_reason(name):
    line, reason = REFUSED[name]
    text = program("v1_as_tf", "padding_sentinel").replace("    tokens_batch, id_batch = queue.dequeue_many(3)",
                                                           "    " + line)
    result = rewrite(text, to="tfdata")
    assert any(reason in n.message for n in result.refused), result.notes
    assert "tf.PaddingFIFOQueue(" in result.code


def test_a_queue_used_beyond_one_batched_dequeue_is_left():
    text = program("v1_as_tf", "padding_sentinel").replace(
        "    tokens_batch, id_batch = queue.dequeue_many(3)",
        "    tokens_batch, id_batch = queue.dequeue_many(3)\n    size = queue.size()")
    result = rewrite(text, to="tfdata")
    assert result.refused and "tf.PaddingFIFOQueue(" in result.code
