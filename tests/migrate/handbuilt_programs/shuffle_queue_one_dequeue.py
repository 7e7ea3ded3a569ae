"""A RandomShuffleQueue filled by two copies of one enqueue op of parsed TFRecord examples and a QueueRunner,
read by a plain ``dequeue()`` (issue 17): the consumer takes one shuffled element per run, no batch. Names
imported from ``tensorflow.compat.v1`` (``from tensorflow.compat.v1 import train``)."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def shuffled_examples(files):
    producer = train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(producer)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    doubled = parsed["x"] * 2.0
    examples = tf.RandomShuffleQueue(capacity=64, min_after_dequeue=16, dtypes=[tf.float32, tf.int64],
                                     shapes=[[3], []], seed=7)
    enqueue_op = examples.enqueue([doubled, parsed["label"]])
    train.add_queue_runner(train.QueueRunner(examples, [enqueue_op] * 2))
    x, label = examples.dequeue()
    return x, label


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    x, label = shuffled_examples(files)
    total = tf.reduce_sum(x)
    rows = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b, t = sess.run([x, label, total])
                rows.append([[a.tolist()], [int(b)], [float(t)]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": rows, "end": end}
