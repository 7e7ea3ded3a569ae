"""The loop form of a join: k TextLineReaders (header skipped) appended to a list, `batch_join`; the keys
("<file>:<line number>", the header counted) batched with the lines."""
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    root = os.path.join(data_dir, "r30c_csv")
    os.makedirs(root, exist_ok=True)
    files = []
    for i in range(4):
        path = os.path.join(root, "part-%d.csv" % i)
        with open(path, "w") as f:
            f.write("id,value\n" + "".join("%d,%d\n" % (i, j * i) for j in range(i + 2)))
        files.append(path)
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    examples = []
    for _ in range(2):
        reader = tf.TextLineReader(skip_header_lines=1)
        key, line = reader.read(queue)
        examples.append([key, line])
    keys, lines = tf.train.batch_join(examples, batch_size=3, allow_smaller_final_batch=True)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                k, v = sess.run([keys, lines])
                out.append([[x.decode().replace(data_dir, "DATA") for x in k], [x.decode() for x in v]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
