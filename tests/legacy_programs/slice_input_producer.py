"""In-memory arrays sliced by slice_input_producer, two shuffled epochs, batched with the short tail kept."""

import json
import sys

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    images = np.arange(60, dtype=np.float32).reshape(30, 2)
    labels = np.arange(30, dtype=np.int64)
    image, label = tf.train.slice_input_producer([images, labels], num_epochs=2, shuffle=True, seed=3)
    image_batch, label_batch = tf.train.batch([image, label], batch_size=7, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                image_values, label_values = sess.run([image_batch, label_batch])
                batches.append({"image": image_values.tolist(), "label": label_values.tolist()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))
