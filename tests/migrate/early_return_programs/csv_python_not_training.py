"""`tensorflow.python.*` imports: CSV lines, and a negated test (`if not training: return batch`) before the
fall-through `shuffle_batch`; run for evaluation (in order), the short final batch dropped."""

import tensorflow.compat.v1 as tf
from tensorflow.python.framework import dtypes
from tensorflow.python.ops import io_ops, parsing_ops
from tensorflow.python.training import input as tf_input


def csv_inputs(files, batch_size, training):
    queue = tf_input.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = io_ops.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = parsing_ops.decode_csv(line, [[0.0], [0.0], [0]])
    pair = [a + b, label]
    if not training:
        return tf_input.batch(pair, batch_size=batch_size)
    return tf_input.shuffle_batch(pair, batch_size=batch_size, capacity=80, min_after_dequeue=30)


def main(data_dir):
    total, label = csv_inputs(sorted(tf.gfile.Glob(data_dir + "/table-*.csv")), 32, training=False)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, lab = sess.run([total, label])
                batches.append([t.tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end, "dtype": str(dtypes.float32)}
