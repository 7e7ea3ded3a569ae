"""One helper, called by two methods of a class (train and eval rows, each its own pipeline): a one-component
list ``[value]`` enqueued (its dequeue gives the tensor), ``dequeue_up_to`` keeping the short tail, the runner
made inline in ``add_queue_runner``."""
import os

import tensorflow.compat.v1 as tf


def _batched(value, batch_size):
    q = tf.FIFOQueue(16, [tf.string], shapes=[[]])
    enq = q.enqueue([value])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enq]))
    return q.dequeue_up_to(batch_size)


class Lines(object):
    def __init__(self, root):
        self.root = root

    def train(self):
        queue = tf.train.string_input_producer([os.path.join(self.root, "train.txt")], num_epochs=1,
                                               shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        return _batched(tf.strings.upper(line), 3)

    def eval(self):
        queue = tf.train.string_input_producer([os.path.join(self.root, "eval.txt")], num_epochs=1,
                                               shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        return _batched(line, batch_size=4)


def _drain(sess, tensor):
    out = []
    try:
        while True:
            out.append([v.decode() for v in sess.run(tensor)])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    root = os.path.join(data_dir, "r25q_two_callers")
    os.makedirs(root, exist_ok=True)
    for name, n in (("train", 8), ("eval", 6)):
        with open(os.path.join(root, name + ".txt"), "w") as f:
            f.write("".join("%s-%d\n" % (name, i) for i in range(n)))
    lines = Lines(root)
    train, evaluate = lines.train(), lines.eval()
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = _drain(sess, train) + _drain(sess, evaluate)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
