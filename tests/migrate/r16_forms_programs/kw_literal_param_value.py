"""CSV rows batched by `train.batch(**settings)` (`from tensorflow.compat.v1 import train`), `settings` a
`{...}` literal whose batch size is the function's parameter (read from the dict, where it was evaluated)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def table_batches(data_dir, batch_size):
    files = sorted(tf.gfile.Glob(os.path.join(data_dir, "table-*.csv")))
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    settings = {"batch_size": batch_size, "allow_smaller_final_batch": True, "capacity": 64}
    return train.batch([a + b, label], **settings)


def main(data_dir):
    total, labels = table_batches(data_dir, 7)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, l = sess.run([total, labels])
                batches.append([t.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
