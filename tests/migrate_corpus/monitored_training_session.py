"""MonitoredTrainingSession with a step counter over a slice_input_producer pipeline."""

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    images = np.arange(120, dtype=np.float32).reshape(40, 3)
    labels = np.arange(40, dtype=np.int64)
    image, label = tf.train.slice_input_producer([images, labels], num_epochs=2, shuffle=False)
    image = tf.reverse(image, [0])
    image_batch, label_batch = tf.train.batch([image, label], batch_size=8)
    tf.train.get_or_create_global_step()
    out = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           save_checkpoint_secs=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            a, b = sess.run([image_batch, label_batch])
            out.append([a.tolist(), b.tolist()])
    return {"batches": out, "end": "should_stop"}
