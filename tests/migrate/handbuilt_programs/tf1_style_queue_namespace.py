"""A TF1-style file (``import tensorflow as tf``, graph-mode session, no ``compat.v1`` import): a
``tf.queue.FIFOQueue`` filled from a fixed-length record helper by its runner, read by ``dequeue_many``. What
the rewrite writes must exist under TF2's ``tf`` (``tf.compat.v1.data.make_one_shot_iterator``)."""

import tensorflow as tf

RECORD_BYTES = 8


def read_record(file_queue):
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=4)
    _, raw = reader.read(file_queue)
    pair = tf.reshape(tf.io.decode_raw(raw, tf.int32), [2])
    return pair[0], pair[1] - pair[0]


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    files = sorted(tf.io.gfile.glob(data_dir + "/fixed-*.bin"))
    file_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    index, delta = read_record(file_queue)
    queue = tf.queue.FIFOQueue(capacity=20, dtypes=[tf.int32, tf.int32], shapes=[[], []])
    enqueue = queue.enqueue([index, delta])
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(queue, [enqueue]))
    indices, deltas = queue.dequeue_many(5)  # 72 records: 14 batches, the 2 left are dropped
    batches = []
    end = None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, d = sess.run([indices, deltas])
                batches.append([i.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
