"""One side only (the second side's ``if labels:`` not taken: ``None`` passed): a wrapper taking its options as ``**options`` (``options.get`` with and without a default),
the reader class a keyword default spelled through ``from ... import``, the reader bound to a name first."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import TextLineReader


def _lines(paths, reader_cls, epochs, shuffle):
    queue = tf.train.string_input_producer(paths, num_epochs=epochs, shuffle=shuffle)
    reader = reader_cls()
    _, line = reader.read(queue)
    return line


def line_words(paths, labels=None, reader_cls=TextLineReader, **options):
    epochs = options.get("num_epochs")
    shuffle = options.get("shuffle", True)
    line = _lines(paths, reader_cls, epochs, shuffle)
    words = tf.string_split([line]).values
    count = tf.size(words)
    if labels:  # (no label file here: the arm is never taken)
        count = tf.string_to_number(_lines(labels, reader_cls, epochs, shuffle))
    return words, count


def main(data_dir):
    os.makedirs(os.path.join(data_dir, "k1_one"), exist_ok=True)
    path = os.path.join(data_dir, "k1_one", "lines.txt")
    with open(path, "w") as f:
        f.write("\n".join(" ".join(["w%d" % j for j in range(1 + i % 4)]) for i in range(7)) + "\n")
    with tf.name_scope("input"):
        words, count = line_words([path], None, num_epochs=2, shuffle=False)
        ws, ns = tf.train.batch([words, count], 3, dynamic_pad=True, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, n = sess.run([ws, ns])
                out.append([w.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": str(out), "end": end}
