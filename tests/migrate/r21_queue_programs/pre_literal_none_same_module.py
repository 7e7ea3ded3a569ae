"""The prefetch helper in the same module, `from tensorflow.compat.v1 import train` style: a literal
`shared_name=None`, a `PaddingFIFOQueue`, `[op] * threads` with `threads=1` by default; a reused name `queue`
(the file queue in `main`, the prefetch queue in the helper)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def prefetch(tensors, threads=1):
    queue = tf.PaddingFIFOQueue(4, [t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors],
                                shared_name=None)
    op = queue.enqueue(tensors)
    train.add_queue_runner(train.QueueRunner(queue, [op] * threads))
    return queue


def main(data_dir):
    queue = train.string_input_producer([os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(2)],
                                        num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    xs, labels = train.batch([parsed["x"], parsed["label"]], batch_size=5, allow_smaller_final_batch=True)
    fetched = prefetch([xs, labels]).dequeue()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, label = sess.run(fetched)
                batches.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
