"""The batch's tensors added to a collection the program names itself and read back by ``get_collection`` in the
same graph: the collection holds the tf.data tensors instead, and the program reads the same rows."""

import os

import tensorflow.compat.v1 as tf


def write(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        f.write("".join("%d,%.1f\n" % (k, k * 0.5) for k in range(10)))
    return path


def build(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False, name="files")
    _, line = tf.TextLineReader(name="rows_reader").read(files)
    key, value = tf.decode_csv(line, [[0], [0.0]], name="decode")
    keys, values = tf.train.batch([key, value], batch_size=3, name="input_batch")
    for t in (keys, values):
        tf.add_to_collection("input_tensors", t)


def main(data_dir):
    graph = tf.Graph()
    with graph.as_default():
        build(write(os.path.join(data_dir, "r25meta_collection")))
        keys, values = tf.get_collection("input_tensors")
        doubled = values * 2.0
    batches, end = [], None
    with tf.Session(graph=graph) as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, d = sess.run([keys, doubled])
                batches.append([k.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
