"""A hand-built FIFOQueue whose enqueue op reads a line of glyph pixels; `QueueRunner(queue, [enqueue_op] * 3)` with
`create_threads(sess, coord, start=True)` next to
`start_queue_runners` for the file producer; the file producer limited to one epoch; `dequeue_many` in the loop."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

WIDTH = 5
BATCH = 4


class Image(object):
    def __init__(self, data_dir):
        self.root = os.path.join(data_dir, "h30_chinese_chars")
        os.makedirs(self.root, exist_ok=True)
        self.path = os.path.join(self.root, "glyphs.txt")
        rng = np.random.RandomState(307)
        with open(self.path, "w") as f:
            for n in range(16):
                f.write("%d %s\n" % (3000 + n, " ".join(str(v) for v in rng.randint(0, 2, WIDTH))))

    def get_lineData(self):
        producer = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(producer)
        cols = tf.string_to_number(tf.string_split([line], " ").values, out_type=tf.int32)
        return tf.reshape(cols[0], []), tf.cast(tf.reshape(cols[1:], [WIDTH]), tf.uint8)


def main(data_dir):
    image = Image(data_dir)
    code, pixels = image.get_lineData()
    queue = tf.FIFOQueue(100, [tf.int32, tf.uint8], shapes=[[], [WIDTH]])
    enqueue_op = queue.enqueue([code, pixels])
    out_code, out_pixels = queue.dequeue_many(BATCH)
    qr = tf.train.QueueRunner(queue=queue, enqueue_ops=[enqueue_op] * 3)
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coordinator = tf.train.Coordinator()
    producer_threads = tf.train.start_queue_runners(sess=sess, coord=coordinator)
    enqueue_threads = qr.create_threads(sess, coordinator, start=True)
    batches = []
    try:
        while not coordinator.should_stop():
            c, p = sess.run([out_code, out_pixels])
            batches.append([c.tolist(), p.tolist()])
    except tf.errors.OutOfRangeError:
        end = "queue drained"
    coordinator.request_stop()
    coordinator.join(producer_threads + enqueue_threads)
    sess.close()
    return {"batches": batches, "end": end}
