"""A module function makes the reader; read inline; one thread's batch."""

import os

import tensorflow as tf

v1 = tf.compat.v1


def make_reader():
    return v1.TFRecordReader()


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(2)]
    queue = v1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, serialized = make_reader().read(queue)
    parsed = v1.parse_single_example(serialized, {"x": v1.FixedLenFeature([3], tf.float32)})
    xs = v1.train.batch([parsed["x"]], batch_size=7)
    batches = []
    end = None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(xs).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
