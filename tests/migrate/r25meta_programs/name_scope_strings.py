"""Pipeline names used only as scope and op names (``name_scope("input_batch")`` over the model, ``name=`` on the
batch and the reader), never looked up: nothing reads them, so the rewrite keeps the program right."""

import os

import tensorflow.compat.v1 as tf


def write(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "values.txt")
    with open(path, "w") as f:
        f.write("".join("%d\n" % (100 - k) for k in range(10)))
    return path


def main(data_dir):
    files = tf.train.string_input_producer([write(os.path.join(data_dir, "r25meta_scopes"))], num_epochs=1,
                                           shuffle=False, name="files")
    _, line = tf.TextLineReader(name="reader").read(files)
    value = tf.strings.to_number(line, tf.int64)
    batch = tf.train.batch([value], batch_size=3, name="input_batch")
    with tf.name_scope("input_batch"):
        total = tf.reduce_sum(batch, name="total")
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b, t = sess.run([batch, total])
                batches.append([b.tolist(), int(t)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
