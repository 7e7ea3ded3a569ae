"""slice_input_producer shuffled with a seed over two epochs, a per-element op, shuffle_batch with a seed."""

import numpy as np
import tensorflow.compat.v1 as tf1


def main(data_dir):
    features = np.arange(60, dtype=np.float32).reshape(30, 2)
    labels = np.arange(30) % 4
    feature, label = tf1.train.slice_input_producer([features, labels], num_epochs=2, shuffle=True, seed=3)
    feature = feature * 2.0 + 1.0
    fb, lb = tf1.train.shuffle_batch([feature, label], batch_size=7, capacity=50, min_after_dequeue=10, seed=3,
                                     allow_smaller_final_batch=True)
    out = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([fb, lb])
                out.append([x.tolist(), y.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
