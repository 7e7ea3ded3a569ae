"""A FIFOQueue of parsed examples filled by one enqueue op run by two threads (QueueRunner(q, [op] * 2)),
registered with tf.train.add_queue_runner and read with dequeue_many."""

import tensorflow.compat.v1 as tf

NUM_THREADS = 2


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    queue = tf.FIFOQueue(64, [tf.float32, tf.int64], shapes=[[3], []])
    enqueue_op = queue.enqueue([parsed["x"], parsed["label"]])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op] * NUM_THREADS))
    xs, labels = queue.dequeue_many(20)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
