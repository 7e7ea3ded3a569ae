"""A source object made by a factory function of the package (two classes, one inheriting the other's
``reader_cls = tf.TextLineReader``), its reader made and read inline."""
import os

import tensorflow.compat.v1 as tf

from q4_lib import registry as reg


def main(data_dir):
    folder = os.path.join(data_dir, "q4_text")
    os.makedirs(folder, exist_ok=True)
    files = []
    for k in range(2):
        files.append(os.path.join(folder, "words%d.txt" % k))
        with open(files[-1], "w") as f:
            f.write("".join("pelican%d%s\n" % (k, "x" * i) for i in range(4)))
    source = reg.make_text_source("upper")
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = source.make_reader().read(queue)
    length, text = source.decode(line)
    lengths, texts = tf.train.batch([length, text], batch_size=3, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([lengths, texts])
                out.append([a.tolist(), [t.decode() for t in b]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
