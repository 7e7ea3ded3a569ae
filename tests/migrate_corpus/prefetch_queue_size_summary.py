"""The prefetch pattern with a fill-level summary on the queue: the summary goes, with a note (no batch reads it)."""

import tensorflow.compat.v1 as tf

NUM_READERS = 3


def parse(serialized):
    feats = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                 "label": tf.FixedLenFeature([], tf.int64)})
    return feats["x"], feats["label"]


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    examples_queue = tf.RandomShuffleQueue(capacity=200, min_after_dequeue=60, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(NUM_READERS):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(examples_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
    tf.summary.scalar("queue/fill", examples_queue.size())
    example_serialized = examples_queue.dequeue()
    x, label = parse(example_serialized)
    xs, labels = tf.train.batch([x, label], batch_size=20, allow_smaller_final_batch=True)
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
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
