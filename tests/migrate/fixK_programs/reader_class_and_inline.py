"""The same helper with a reader class handed in (`reader_cls().read` in the loop: k readers, an interleave of
k files) and with one reader made inline before the loop (one reader's stream), in one program."""
import os

import tensorflow.compat.v1 as tf

from fixk_lib.records import write_shards


def by_class(files, reader_cls, k, batch_size):
    fq = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    q = tf.RandomShuffleQueue(capacity=30, min_after_dequeue=2, dtypes=[tf.string])
    ops = []
    for _ in range(k):
        _, v = reader_cls().read(fq)
        ops.append(q.enqueue([v]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(q, ops))
    rows = []
    for _ in range(2):
        parsed = tf.parse_single_example(q.dequeue(), {"id": tf.FixedLenFeature([], tf.int64)})
        rows.append([parsed["id"]])
    return tf.train.batch_join(rows, batch_size=batch_size)


def inline_one(files, k, batch_size):
    reader = tf.TFRecordReader()
    fq = tf.train.string_input_producer(files, shuffle=True, num_epochs=1)
    q = tf.FIFOQueue(capacity=30, dtypes=[tf.string])
    ops = []
    for _ in range(k):
        _, v = reader.read(fq)
        ops.append(q.enqueue([v]))
    tf.train.add_queue_runner(tf.train.QueueRunner(q, ops))
    rows = []
    for _ in range(3):
        parsed = tf.parse_single_example(q.dequeue(), {"depth": tf.FixedLenFeature([], tf.float32)})
        rows.append([parsed["depth"]])
    return tf.train.batch_join(rows, batch_size=batch_size)


def main(data_dir):
    files = write_shards(os.path.join(data_dir, "fixk_class_inline"), shards=3, per=4)
    ids = by_class(files, tf.TFRecordReader, 3, 4)
    depths = inline_one(files, 2, 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for t in (ids, depths):
            try:
                while True:
                    batches.append([[round(float(x), 4) for x in sess.run(t)]])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
