"""Sheet-metal press: a strain map and its defect mask per part, in two lists of raw files.

From tensorflow/tensorflow issue #410 ("Batching from two string_input_producers does that don't
preserve order"): inputs and labels came from two producers with shuffling off, but
tf.train.batch with several threads mixed the pairs; the asker found num_threads=1 keeps them
together.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

SIDE = 3


def main(data_dir):
    folder = os.path.join(data_dir, "h62_press_parts")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(410)
    input_files, label_files = [], []
    for i in range(8):
        strain = rng.randint(0, 256, size=(SIDE, SIDE)).astype(np.uint8)
        mask = (strain > 200).astype(np.uint8)
        a = os.path.join(folder, "part_%02d_strain.raw" % i)
        b = os.path.join(folder, "part_%02d_mask.raw" % i)
        strain.tofile(a)
        mask.tofile(b)
        input_files.append(a)
        label_files.append(b)

    input_queue = tf.train.string_input_producer(input_files, shuffle=False, num_epochs=1)
    label_queue = tf.train.string_input_producer(label_files, shuffle=False, num_epochs=1)
    input_reader = tf.WholeFileReader()
    label_reader = tf.WholeFileReader()
    in_key, in_bytes = input_reader.read(input_queue)
    _, lb_bytes = label_reader.read(label_queue)
    strain = tf.reshape(tf.decode_raw(in_bytes, tf.uint8), [SIDE, SIDE])
    mask = tf.reshape(tf.decode_raw(lb_bytes, tf.uint8), [SIDE, SIDE])
    part = tf.string_split([tf.string_split([in_key], "/").values[-1]], "_").values[1]

    part_b, strain_b, mask_b = tf.train.batch([part, strain, mask], batch_size=2, num_threads=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, s, m = sess.run([part_b, strain_b, mask_b])
                batches.append([[x.decode() for x in p], s.tolist(), m.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "parts: %d" % sum(len(b[0]) for b in batches)}
