"""A common-queue builder of this module (`import tensorflow as tf`, a literal reader count, the FIFO arm taken),
its dict batched by the caller: records in one of the readers' orders, each once."""
import os

import tensorflow as tf

SHUFFLE = False


def decode(serialized):
    parsed = tf.io.parse_single_example(serialized, {"n": tf.io.FixedLenFeature([], tf.int64)})
    return {"n": parsed["n"], "sq": parsed["n"] * parsed["n"]}


def make_input(paths, shuffle):
    queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=1, shuffle=shuffle)
    if shuffle:
        common = tf.queue.RandomShuffleQueue(12, 4, [tf.string], seed=2)
    else:
        common = tf.queue.FIFOQueue(12, [tf.string])
    enqueues = []
    for _ in range(3):
        _, rec = tf.compat.v1.TFRecordReader().read(queue)
        enqueues.append(common.enqueue([rec]))
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(common, enqueues))
    return decode(common.dequeue())


def main(data_dir):
    folder = os.path.join(data_dir, "m1_same")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for s in range(2):
        paths.append(os.path.join(folder, "r%d.tfrecord" % s))
        with tf.io.TFRecordWriter(paths[-1]) as w:
            for i in range(5):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "n": tf.train.Feature(int64_list=tf.train.Int64List(value=[10 * s + i]))}))
                w.write(ex.SerializeToString())
    example = make_input(paths, SHUFFLE)
    batch = tf.compat.v1.train.batch(example, batch_size=2)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out = sess.run(batch)
                batches.append([out["n"].tolist(), out["sq"].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
