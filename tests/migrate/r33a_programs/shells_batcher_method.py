"""A reader class whose objects are handed to a batching METHOD of another class of the same module
(`self.batch(...)` with an object made inline, `batcher.batch(reader=...)`), its FIFOQueue read by
`dequeue_up_to`: the short final batch is kept, as legacy's dequeue_up_to gives it."""
import os

import tensorflow.compat.v1 as tf



class ShellRows:
    def __init__(self, filenames, num_epochs=1):
        self.filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)

    def read(self):
        _, line = tf.TextLineReader().read(self.filename_queue)
        kind, length, diameter, rings = tf.decode_csv(line, [["I"], [0.0], [0.0], [0]])
        return tf.stack([length, diameter]), tf.strings.length(kind), rings


class Batcher(object):
    def __init__(self, capacity):
        self.capacity = capacity

    def batch(self, reader, size):
        example, kind, rings = reader.read()
        queue = tf.FIFOQueue(self.capacity, [tf.float32, tf.int32, tf.int32], shapes=[[2], [], []])
        enqueue_op = queue.enqueue([example, kind, rings])
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
        return queue.dequeue_up_to(size)

    def train_batch(self, files):
        return self.batch(ShellRows(files, num_epochs=2), 4)


def write(data_dir):
    path = os.path.join(data_dir, "r33a_batcher.data")
    with open(path, "w") as f:
        for n in range(5):
            f.write("%s,%.3f,%.3f,%d\n" % ("MFI"[n % 3], 0.5 + 0.01 * n, 0.1 * n, n))
    return [path]


def main(data_dir):
    files = write(data_dir)
    batcher = Batcher(capacity=6)
    first = batcher.train_batch(files)
    reader = ShellRows(files)
    second = batcher.batch(reader=reader, size=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for tensors in (first, second):
            try:
                while True:
                    e, k, r = sess.run(tensors)
                    batches.append([e.round(3).tolist(), k.tolist(), r.tolist()])
            except tf.errors.OutOfRangeError:
                batches.append("end")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}
