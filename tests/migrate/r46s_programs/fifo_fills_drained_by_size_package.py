"""A FIFOQueue filled by the program's runs of a list of `enqueue_many` ops, each fill drained at once by
`while sess.run(queue.size()) > 0` dequeues: the helper in another module (`r46s_lib/menus.py`), called twice."""
import tensorflow.compat.v1 as tf

from r46s_lib.menus import drain_in_order, menus


def main(data_dir):
    with tf.Session() as sess:
        first, tag = drain_in_order(sess, menus(7, 3))
        second, _ = drain_in_order(sess, menus(8, 2))
    return {"batches": [[r] for r in first + second], "end": "rows: %d %s" % (len(first) + len(second), tag)}
