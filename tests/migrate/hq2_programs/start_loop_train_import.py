"""A hand-made runner of three threads started by a loop over `create_threads` (`for t in ...: t.start()`),
under `from tensorflow.compat.v1 import train` with the queue read by an inline reader."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    out = os.path.join(data_dir, "hq2_start_loop")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "words.txt")
    with open(path, "w") as f:
        for k in range(9):
            f.write("word%d\n" % k)
    _, line = tf.TextLineReader().read(train.string_input_producer([path], num_epochs=1, shuffle=False))
    upper = tf.strings.upper(line)
    q = tf.FIFOQueue(capacity=3, dtypes=[tf.string, tf.string])
    op = q.enqueue([line, upper])
    runner = train.QueueRunner(q, enqueue_ops=[op] * 3)
    got = q.dequeue()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
        for t in runner.create_threads(sess, coord):
            t.daemon = True
            t.start()
        try:
            while True:
                a, b = sess.run(got)
                batches.append([[a.decode()], [b.decode()]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "words: %d" % len(batches)}
