"""A dict of batched tensors goes through a prefetch queue made by a helper of another module
(prefetchers/batch_queue.py); the model side dequeues it once, through a function that returns the queue."""

import tensorflow as tf

from prefetchers.batch_queue import prefetch_batches

FLAGS = {"batch_size": 6}


def input_queue(data_dir, batch_size):
    files = sorted(tf.io.gfile.glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, record = tf.compat.v1.TFRecordReader().read(filename_queue)
    example = tf.io.parse_single_example(record, {"x": tf.io.FixedLenFeature([3], tf.float32),
                                                  "label": tf.io.FixedLenFeature([], tf.int64)})
    batched = tf.compat.v1.train.batch({"x": example["x"], "label": example["label"]}, batch_size=batch_size,
                                       allow_smaller_final_batch=False)
    return prefetch_batches(batched, capacity=3)


def main(data_dir):
    queue = input_queue(data_dir, FLAGS["batch_size"])
    features = queue.dequeue()
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                d = sess.run(features)
                batches.append({k: d[k].tolist() for k in sorted(d)})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
