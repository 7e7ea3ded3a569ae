"""abalone33_lib/: a reader class whose read() uses an inline `tf.TextLineReader().read(q)`, a hand-built
FIFOQueue with a one-op QueueRunner, dequeue_many(3) until the queue closes."""
import os

import tensorflow.compat.v1 as tf

from abalone33_lib.reader import AbaloneReader, queued_batch


def main(data_dir):
    folder = os.path.join(data_dir, "h33_abalone")
    os.makedirs(folder, exist_ok=True)
    files = []
    n = 0
    for part, count in ((0, 5), (1, 4)):
        path = os.path.join(folder, "abalone_%d.data" % part)
        with open(path, "w") as f:
            for _ in range(count):
                f.write("%s,%.3f,%.3f,%d\n" % ("MFI"[n % 3], 0.3 + 0.01 * n, 0.2 + 0.02 * n, 5 + n))
                n += 1
        files.append(path)
    reader = AbaloneReader(files)
    example, sex, rings = queued_batch(reader, 3)
    age = tf.cast(rings, tf.float32) + 1.5
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                e, s, r, a = sess.run([example, sex, rings, age])
                batches.append([e.round(3).tolist(), s.tolist(), r.tolist(), a.tolist()])
        except tf.errors.OutOfRangeError:
            end = "abalone queue closed after %d batches" % len(batches)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
