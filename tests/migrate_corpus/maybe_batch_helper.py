"""maybe_batch fed by a reader helper: records with an odd label are dropped by keep_input."""

import tensorflow.compat.v1 as tf


def decode(queue):
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    return a, b, label


def main(data_dir):
    files = [data_dir + "/table-%d.csv" % i for i in range(3)]
    a, b, label = decode(tf.train.string_input_producer(files, num_epochs=1, shuffle=False))
    keep = tf.equal(label % 2, 0)
    ab, bb, lb = tf.train.maybe_batch([a, b, label], keep_input=keep, batch_size=9,
                                      allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, z = sess.run([ab, bb, lb])
                out.append([x.tolist(), y.tolist(), z.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
