"""A class building train and eval queues whose runners go to collections named by string literals (the runner
inline, ``collection=`` keyword); the eval collection started first, the train one after; one thread each."""
import os

import tensorflow.compat.v1 as tf


class Inputs(object):
    def __init__(self, root):
        self.root = root

    def _write(self, name, start, n):
        path = os.path.join(self.root, name)
        with open(path, "w") as f:
            for i in range(start, start + n):
                f.write("%d,%d\n" % (i, i * i % 11))
        return path

    def train(self):
        files = tf.train.string_input_producer([self._write("train.csv", 0, 10)], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(files)
        a, b = tf.decode_csv(line, [[0], [0]])
        q = tf.FIFOQueue(8, [tf.int32, tf.int32], shapes=[[], []])
        enq = q.enqueue([a, b * 2])
        tf.train.add_queue_runner(tf.train.QueueRunner(q, [enq]), collection="train_runners")
        return q.dequeue_many(3)

    def eval(self):
        files = tf.train.string_input_producer([self._write("eval.csv", 50, 5)], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(files)
        a, b = tf.decode_csv(line, [[0], [0]])
        q = tf.FIFOQueue(8, [tf.int32, tf.int32], shapes=[[], []])
        enq = q.enqueue([a, b])
        tf.train.add_queue_runner(tf.train.QueueRunner(q, [enq]), collection="eval_runners")
        return q.dequeue_up_to(2)


def drain(sess, tensors, out, tag):
    while True:
        try:
            a, b = sess.run(tensors)
        except tf.errors.OutOfRangeError:
            return
        out.append([tag, a.tolist(), b.tolist()])


def main(data_dir):
    root = os.path.join(data_dir, "r26b_collection_literal_class")
    os.makedirs(root, exist_ok=True)
    inputs = Inputs(root)
    train, evaluation = inputs.train(), inputs.eval()
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    threads.extend(tf.train.start_queue_runners(sess, coord, collection="eval_runners"))
    drain(sess, evaluation, out, "eval")
    threads.extend(tf.train.start_queue_runners(sess, coord, collection="train_runners"))
    drain(sess, train, out, "train")
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "eval_then_train"}
