"""A reader's read_up_to gives records in chunks; the batch takes them with enqueue_many=True."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, records = reader.read_up_to(queue, 8)
    parsed = tf.parse_example(records, {"x": tf.FixedLenFeature([3], tf.float32),
                                        "label": tf.FixedLenFeature([], tf.int64)})
    xs, labels = tf.train.batch([parsed["x"], parsed["label"]], batch_size=32, enqueue_many=True,
                                allow_smaller_final_batch=True)
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
