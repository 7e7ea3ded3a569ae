"""k copies of a reader method (`self.read_one(queue)`) of a loader class joined by `shuffle_batch_join`; the
WholeFileReader's key read for a label (the class in the file's folder name) and returned with it."""
import os

import tensorflow.compat.v1 as tf


class FolderLoader(object):
    def __init__(self, root, readers=2):
        self.root = root
        self.readers = readers

    def read_one(self, queue):
        key, data = tf.WholeFileReader().read(queue)
        folder = tf.strings.split([key], "/").values[-2]
        label = tf.cast(tf.equal(folder, "cats"), tf.int32)
        return [tf.strings.length(data), label, key]

    def batches(self):
        files = sorted(os.path.join(self.root, d, f) for d in ("cats", "dogs")
                       for f in os.listdir(os.path.join(self.root, d)))
        queue = tf.train.string_input_producer(files, num_epochs=1, seed=8)
        examples = [self.read_one(queue) for _ in range(self.readers)]
        return tf.train.shuffle_batch_join(examples, 3, capacity=9, min_after_dequeue=2, seed=1,
                                           allow_smaller_final_batch=True)


def main(data_dir):
    root = os.path.join(data_dir, "r30c_folders")
    for d, n in (("cats", 4), ("dogs", 5)):
        os.makedirs(os.path.join(root, d), exist_ok=True)
        for i in range(n):
            with open(os.path.join(root, d, "%s%d.bin" % (d, i)), "wb") as f:
                f.write(b"z" * (i + len(d)))
    sizes, labels, keys = FolderLoader(root).batches()
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, l, k = sess.run([sizes, labels, keys])
                out.append([s.tolist(), l.tolist(), [os.path.basename(x.decode()) for x in k]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
