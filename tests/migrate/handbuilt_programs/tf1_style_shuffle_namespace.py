"""TF1-style (``import tensorflow as tf``): a ``tf.queue.RandomShuffleQueue`` filled by three copies of one
enqueue op of an inline read, read by ``dequeue_many`` in a function that returns the batch."""

import tensorflow as tf


def shuffled_batches(pattern, batch_size):
    files = sorted(tf.io.gfile.glob(pattern))
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.compat.v1.TFRecordReader().read(queue)
    example = tf.io.parse_single_example(serialized, {"x": tf.io.FixedLenFeature([3], tf.float32),
                                                      "label": tf.io.FixedLenFeature([], tf.int64)})
    examples = tf.queue.RandomShuffleQueue(100, 30, [tf.float32, tf.int64], shapes=[[3], []])
    ops = [examples.enqueue([example["x"], example["label"]])] * 3
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(examples, ops))
    xs, labels = examples.dequeue_many(batch_size)
    return xs, labels


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    xs, labels = shuffled_batches(data_dir + "/records-*.tfrecord", 15)  # 180 records: 12 batches
    total = tf.reduce_sum(xs, axis=1)
    batches = []
    end = None
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            a, b, t = sess.run([xs, labels, total])
            batches.append([a.tolist(), b.tolist(), t.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}
