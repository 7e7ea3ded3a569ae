"""``tf.identity(batch, name="features")`` after the batch, read back by that name: the identity is the program's
own op (its input is the batch, whichever op makes it), so the name still names it under tf.data."""

import os

import tensorflow.compat.v1 as tf


def write(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "pairs.csv")
    with open(path, "w") as f:
        f.write("".join("%d,%d\n" % (k, k * k) for k in range(9)))
    return path


def main(data_dir):
    graph = tf.Graph()
    with graph.as_default():
        files = tf.train.string_input_producer([write(os.path.join(data_dir, "r25meta_identity"))], num_epochs=1,
                                               shuffle=False)
        _, line = tf.TextLineReader().read(files)
        a, b = tf.decode_csv(line, [[0], [0]])
        xs, ys = tf.train.batch([a, b], batch_size=2)
        tf.identity(xs, name="features")
        tf.identity(ys, name="labels")
    features = graph.get_tensor_by_name("features:0")
    labels = graph.as_graph_element("labels:0")
    batches, end = [], None
    with tf.Session(graph=graph) as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([features, labels])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
