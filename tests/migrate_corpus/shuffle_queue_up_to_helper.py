"""A helper builds a RandomShuffleQueue of parsed CSV rows run by one enqueue op ([op]) through
train.add_queue_runner (from tensorflow.compat.v1 import train), read with dequeue_up_to."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def shuffled_rows(files, batch_size):
    queue_of_files = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue_of_files)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    rows = tf.RandomShuffleQueue(capacity=40, min_after_dequeue=10, dtypes=[tf.float32, tf.int32],
                                 shapes=[[2], []], seed=7)
    op = rows.enqueue([tf.stack([tf.cast(a, tf.float32), b]), label])
    train.add_queue_runner(train.QueueRunner(rows, [op]))
    return rows.dequeue_up_to(batch_size)


def main(data_dir):
    features, labels = shuffled_rows(sorted(tf.gfile.Glob(data_dir + "/table-*.csv")), 16)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                out.append([f.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
