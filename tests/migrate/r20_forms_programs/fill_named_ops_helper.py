"""The hand-filled queue in a helper function of its own (records, named fill and close ops, an `init` op run
first); `queue` is also a name of `main` (a reused name)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def collect(files):
    queue = tf.FIFOQueue(capacity=4, dtypes=[tf.string], shapes=[[]])
    fill = queue.enqueue_many([tf.constant(files)])
    done = queue.close(cancel_pending_enqueues=False)
    _, serialized = tf.TFRecordReader().read(queue)
    ex = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
    labels = train.batch([ex["label"]], batch_size=6, allow_smaller_final_batch=True)
    init = tf.local_variables_initializer()
    out = []
    with tf.Session() as sess:
        sess.run(init)
        sess.run(fill)
        sess.run(done)
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out.append(sess.run(labels).tolist())
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return out


def main(data_dir):
    queue = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
    batches = collect(queue[1:])
    return {"batches": batches, "end": "OutOfRangeError" if batches else None}
