"""The reader class, the function taking its object and the caller in one module; the method reads a module
function and the object's attributes; the object is made once and passed by keyword."""
import os

import tensorflow.compat.v1 as tf


def _offset(x, k):
    return x + k


class TextReader(object):
    def __init__(self, offset):
        self.offset = offset

    def prepare_reader(self, filename_queue):
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        a, b = tf.decode_csv(line, [[0], [0.0]])
        return _offset(a, self.offset), b * 2.0


def get_inputs(files, reader=None, batch_size=2):
    with tf.name_scope("inputs"):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        a, b = reader.prepare_reader(queue)
        return tf.train.batch([a, b], batch_size=batch_size, allow_smaller_final_batch=True)


def write(data_dir):
    root = os.path.join(data_dir, "r30b_same")
    os.makedirs(root, exist_ok=True)
    paths = []
    for shard in range(2):
        p = os.path.join(root, "f%d.csv" % shard)
        with open(p, "w") as f:
            for i in range(3):
                f.write("%d,%s\n" % (shard * 10 + i, i * 0.25))
        paths.append(p)
    return paths


def main(data_dir):
    text_reader = TextReader(100)
    a, b = get_inputs(write(data_dir), reader=text_reader, batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                x, y = sess.run([a, b])
                batches.append({"a": x.tolist(), "b": y.tolist()})
        except tf.errors.OutOfRangeError:
            end = "done"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
