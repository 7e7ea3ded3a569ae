import os

import numpy as np
import tensorflow as tf_root

tf = tf_root.compat.v1

BATCH = 4


class BoatInput(object):
    """Crew telemetry: one queue for training, one for test, selected by a flag."""

    def __init__(self, capacity=16):
        self.capacity = capacity
        self.is_training = tf.placeholder(tf.bool, shape=[], name="is_training")

    def _read_crew(self, filename, name):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False, name=name + "_files")
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        crew, spm, split_500m = tf.decode_csv(line, record_defaults=[[0], [0.0], [0.0]])
        # strokes per minute -> strokes per second; split time as metres per second
        return crew, tf.stack([spm / 60.0, 500.0 / split_500m])

    def _init_queue(self, filename, name):
        with tf.name_scope(name):
            crew, feats = self._read_crew(filename, name)
            q = tf.FIFOQueue(self.capacity, [tf.int32, tf.float32], shapes=[[], [2]], name=name + "_fifo")
            tf.train.add_queue_runner(tf.train.QueueRunner(q, [q.enqueue([crew, feats])]))
            return q

    def init_queue_train(self, filename):
        self.train_q = self._init_queue(filename, "training_queue")

    def init_queue_test(self, filename):
        self.test_q = self._init_queue(filename, "test_queue")

    def next_batch(self, batch_size):
        return tf.cond(self.is_training,
                       lambda: self.train_q.dequeue_many(batch_size),
                       lambda: self.test_q.dequeue_many(batch_size))


def write_sessions(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6503)
    out = {}
    for split, n, base in (("train", 12, 1), ("test", 8, 50)):
        path = os.path.join(folder, "%s_strokes.csv" % split)
        with open(path, "w") as f:
            f.write("crew,spm,split_500m\n")
            for i in range(n):
                f.write("%d,%.1f,%.1f\n" % (base + i, rng.uniform(60, 80), rng.uniform(110, 140)))
        out[split] = path
    return out


def main(data_dir):
    paths = write_sessions(os.path.join(data_dir, "h65_dragon_boat_strokes"))
    boat = BoatInput()
    boat.init_queue_train(paths["train"])
    boat.init_queue_test(paths["test"])
    crews, feats = boat.next_batch(BATCH)
    effort = tf.reduce_mean(feats[:, 0] * feats[:, 1])

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while True:
            c, f, e = sess.run([crews, feats, effort], feed_dict={boat.is_training: True})
            batches.append([["train"], c.tolist(), np.round(f, 5).tolist(), [float(np.round(e, 5))]])
            step += 1
            if step <= 2:
                c, f, e = sess.run([crews, feats, effort], feed_dict={boat.is_training: False})
                batches.append([["test"], c.tolist(), np.round(f, 5).tolist(), [float(np.round(e, 5))]])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "train steps: %d" % step}
