"""A reader's filename queue printed (sep=) and logged before the read: text lines batched in order."""
import logging
import os

import tensorflow as tf1
from tensorflow.compat import v1 as tf

log = logging.getLogger(__name__)


def main(data_dir):
    folder = os.path.join(data_dir, "o1_lines")
    os.makedirs(folder, exist_ok=True)
    files = []
    for k in range(2):
        path = os.path.join(folder, "part%d.txt" % k)
        with open(path, "w") as f:
            f.write("".join("%d,%d\n" % (k, i) for i in range(5)))
        files.append(path)
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    print("queue", filename_queue, sep=": ")
    log.info("reading from %s", filename_queue)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    a, b = tf.decode_csv(line, [[0], [0]])
    firsts, seconds = tf.train.batch([a, b], batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([firsts, seconds])
                batches.append([x.tolist(), y.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
