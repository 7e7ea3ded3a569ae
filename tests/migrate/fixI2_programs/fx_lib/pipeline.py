"""A slice producer, a reader FIFOQueue of read_file threads when readers > 1, and a repeated-list join."""
import tensorflow as tf1
from tensorflow.compat import v1 as tf

from fx_lib.chain import apply_all


def make_batches(paths, scores, batch_size, fns=None, readers=2, threads=2, epochs=1):
    cell = tf.train.slice_input_producer([paths, scores], shuffle=False, num_epochs=epochs)
    if readers > 1:
        q = tf.FIFOQueue(readers * batch_size, [tf.string, tf.int32], shapes=[[], []])
        op = q.enqueue([tf.read_file(cell[0]), cell[1]])
        tf.train.add_queue_runner(tf.train.QueueRunner(q, [op] * readers))
        contents, score = q.dequeue()
    else:
        contents, score = tf.read_file(cell[0]), cell[1]
    if fns is None:
        fns = []
    elif not isinstance(fns, (list, tuple)):
        fns = [fns]
    return tf.train.batch_join([[apply_all(fns, contents), score * 10]] * threads, batch_size=batch_size,
                               capacity=4 * batch_size)


def from_rows(rows, batch_size, fns=None, readers=2, threads=2):
    paths, scores = zip(*rows)
    return make_batches(paths, scores, batch_size, fns, readers, threads)
