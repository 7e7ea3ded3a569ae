"""maybe_batch keeps the multiples of 3 from an in-order slice_input_producer; the short tail is kept."""

import json
import sys

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    values = np.arange(40, dtype=np.int64)
    [value] = tf.train.slice_input_producer([values], num_epochs=1, shuffle=False)
    keep = tf.equal(value % 3, 0)
    value_batch = tf.train.maybe_batch([value], keep_input=keep, batch_size=4, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(value_batch).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))
