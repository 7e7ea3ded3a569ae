"""Two record readers made inline in a comprehension whose index names them (`name="reader_%d" % i`), each read's
`.value` parsed by a local helper returning a list; `from tensorflow.compat import v1 as tf`."""

import os

from tensorflow.compat import v1 as tf


def parse(serialized):
    ex = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                              "label": tf.FixedLenFeature([], tf.int64)})
    return [ex["x"][0], ex["label"]]


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
    names = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    pairs = [parse(tf.TFRecordReader(name="reader_%d" % i).read(names).value) for i in range(2)]
    x, label = tf.train.batch_join(pairs, batch_size=6, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                got = sess.run([x, label])
                batches.append([g.tolist() for g in got])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
