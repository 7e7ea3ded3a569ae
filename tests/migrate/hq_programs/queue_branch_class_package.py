"""Another module's queue helper choosing a RandomShuffleQueue by `if shuffle:` (its default, True, given by
the caller), three enqueue threads under a QueueRunner built with `from tensorflow.compat.v1 import train`; the
caller a class method reading whole files; `import tensorflow as tf`; a multiset."""

import os

import tensorflow as tf

from hq_lib import queues


class Scans(object):
    def __init__(self, folder, batch_size):
        self.folder = folder
        self.batch_size = batch_size

    def batches(self):
        names = sorted(os.path.join(self.folder, n) for n in os.listdir(self.folder))
        filename_queue = tf.compat.v1.train.string_input_producer(names, num_epochs=1, shuffle=False)
        _, value = tf.compat.v1.WholeFileReader().read(filename_queue)
        number = tf.strings.to_number(value, tf.float32)
        image = tf.stack([number, number / 2.0])
        label = tf.cast(number, tf.int32) % 3
        images, labels = queues.shuffled(image, label, self.batch_size, shuffle=True)
        return images, labels


def main(data_dir):
    folder = os.path.join(data_dir, "hq_scans")
    os.makedirs(folder, exist_ok=True)
    for i in range(9):
        with open(os.path.join(folder, "scan_%d.txt" % i), "w") as f:
            f.write("%d" % (i * 7))
    images, labels = Scans(folder, 3).batches()
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, l = sess.run([images, labels])
                out.append([i.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "rows %d" % sum(len(b[0]) for b in out)}
