"""In-memory arrays cast to tensors, slice_input_producer's list handed straight to tf.train.batch,
runners started positionally (sess, coord)."""

import numpy as np
import tensorflow.compat.v1 as tf


def generate_data():
    num = 23
    label = np.asarray(range(0, num))
    images = np.arange(num * 4, dtype=np.float64).reshape([num, 2, 2])
    return label, images


def get_batch_data():
    label, images = generate_data()
    images = tf.cast(images, tf.float32)
    label = tf.cast(label, tf.int32)
    input_queue = tf.train.slice_input_producer([images, label], num_epochs=1, shuffle=False)
    image_batch, label_batch = tf.train.batch(input_queue, batch_size=5, num_threads=1, capacity=64,
                                              allow_smaller_final_batch=True)
    return image_batch, label_batch


def main(data_dir):
    image_batch, label_batch = get_batch_data()
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                image_batch_v, label_batch_v = sess.run([image_batch, label_batch])
                out.append([image_batch_v.tolist(), label_batch_v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
