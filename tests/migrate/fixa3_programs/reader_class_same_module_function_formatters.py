"""A reader class of the program's own module whose ``__init__`` builds its formatters with a MODULE-LEVEL
function (no static method), keeps a running offset in a local and mutates a dict attribute in a loop; its
``batch`` reads through ``self.raw()``; ``import tensorflow.compat.v1 as tf``."""
import os

import tensorflow.compat.v1 as tf

GROUPS = [("left", 2), ("right", 3)]


def take(start, size):
    return lambda t: t[:, start:start + size] + 0.0


def write(folder):
    os.makedirs(folder, exist_ok=True)
    files = []
    for k in range(3):
        path = os.path.join(folder, "f%d.txt" % k)
        with open(path, "w") as f:
            for r in range(4):
                f.write(" ".join(str(k * 100 + r * 10 + c) for c in range(5)) + "\n")
        files.append(path)
    return files


class Columns:
    def __init__(self, queue, groups, block):
        self.queue = queue
        self.block = block
        self.slices = {}
        offset = 0
        for name, size in groups:
            self.slices[name] = take(offset, size)
            offset += size
        self.width = offset

    def raw(self):
        _, lines = tf.TextLineReader().read_up_to(self.queue, self.block)
        return tf.stack(tf.decode_csv(lines, [[0.]] * self.width, field_delim=" "), axis=1)

    def batch(self):
        t = self.raw()
        return [self.slices[name](t) for name, _ in GROUPS]


def main(data_dir):
    files = write(os.path.join(data_dir, "fixa3_cols"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    cols = Columns(queue, GROUPS, 2)
    left, right = cols.batch()
    batch = tf.train.batch([left, right], batch_size=3, enqueue_many=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([v.tolist() for v in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
