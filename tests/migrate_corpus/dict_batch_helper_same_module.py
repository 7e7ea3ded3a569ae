"""A helper returns a dict of decoded tensors; the batch of a dict comes back as a dict."""

import tensorflow.compat.v1 as tf


def decode_line(filename_queue, skip):
    reader = tf.TextLineReader(skip_header_lines=skip)
    key, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    return {"a": a, "b": b * 2.0, "label": label}


def main(data_dir):
    files = [data_dir + "/table-%d.csv" % i for i in range(3)]
    q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    row = decode_line(q, 1)
    batch = tf.train.batch(row, batch_size=7, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                out.append({k: v.tolist() for k, v in got.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
