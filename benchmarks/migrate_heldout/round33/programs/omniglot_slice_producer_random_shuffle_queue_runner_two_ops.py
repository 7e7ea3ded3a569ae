"""Omniglot-style strokes from an .npz: slice_input_producer(num_epochs=1) into a hand-built RandomShuffleQueue
whose QueueRunner holds two enqueue ops; dequeue_many(3) until the closed queue runs dry."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "h33_omniglot")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "strokes.npz")
    rng = np.random.RandomState(1233)
    np.savez(path, glyphs=rng.randint(0, 2, [12, 3, 3]).astype(np.float32),
             alphabet=np.arange(12, dtype=np.int32) // 4, character=np.arange(12, dtype=np.int32))
    data = np.load(path)
    glyph, alphabet, character = tf.train.slice_input_producer(
        [data["glyphs"], data["alphabet"], data["character"]], num_epochs=1, shuffle=False)
    glyph = tf.expand_dims(glyph, -1)

    queue = tf.RandomShuffleQueue(capacity=10, min_after_dequeue=3,
                                  dtypes=[tf.float32, tf.int32, tf.int32],
                                  shapes=[[3, 3, 1], [], []], seed=7)
    enqueue_op = queue.enqueue([glyph, alphabet, character])
    qr = tf.train.QueueRunner(queue, [enqueue_op] * 2)
    tf.train.add_queue_runner(qr)
    glyphs, alphabets, characters = queue.dequeue_many(3)
    ink = tf.reduce_sum(glyphs, axis=[1, 2, 3])

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    try:
        while True:
            g, a, c, k = sess.run([glyphs, alphabets, characters, ink])
            batches.append([g.tolist(), a.tolist(), c.tolist(), k.tolist()])
    except tf.errors.OutOfRangeError:
        end = "omniglot: %d episodes" % len(batches)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
