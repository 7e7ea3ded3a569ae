"""slim-style training input: shuffle_batch, then a prefetch queue of the batches (one enqueue op, its
QueueRunner registered by the collection) dequeued into the names the model uses."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def batch_queue_of(images, labels, num_clones=1):
    batch_queue = tf.FIFOQueue(2 * num_clones, dtypes=[images.dtype, labels.dtype],
                               shapes=[images.get_shape(), labels.get_shape()])
    enqueue = batch_queue.enqueue([images, labels])
    qr = train.QueueRunner(batch_queue, enqueue_ops=[enqueue])
    tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, qr)
    images, labels = batch_queue.dequeue()
    return images, labels


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    feats = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                 "label": tf.FixedLenFeature([], tf.int64)})
    images, labels = train.shuffle_batch([feats["x"], feats["label"]], batch_size=10, capacity=60,
                                         min_after_dequeue=20, seed=3)
    images, labels = batch_queue_of(images, labels)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([images, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
