"""``import tensorflow as tf`` with ``tf.compat.v1`` spelled out: each record made into two rows by a helper of
this module, batched by ``train.batch(..., enqueue_many=True)`` (the batch family's spelling of the rows queue)."""

import os

import tensorflow as tf

v1 = tf.compat.v1


def two_rows(serialized):
    parsed = v1.parse_single_example(serialized, {"x": v1.FixedLenFeature([3], tf.float32),
                                                  "label": v1.FixedLenFeature([], tf.int64)})
    return tf.stack([parsed["x"], -parsed["x"]]), tf.stack([parsed["label"], -parsed["label"]])


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
    file_queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = v1.TFRecordReader().read(file_queue)
    rows, labels = two_rows(serialized)
    xs, ys = v1.train.batch([rows, labels], batch_size=6, enqueue_many=True, allow_smaller_final_batch=True)
    batches = []
    end = None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
