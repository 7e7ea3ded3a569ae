"""Weld inspection with balanced batches: defective and sound welds come from two files, each through its own
producer, reader and train.batch of three; the two batches are concatenated into one batch of six per step,
so training stops when the smaller class runs out."""

import os

import tensorflow.compat.v1 as tf

HALF_BATCH = 3


def write_welds(folder):
    os.makedirs(folder, exist_ok=True)
    paths = {}
    for kind, n, base in (("defective", 9, 0.62), ("sound", 20, 0.18)):
        path = os.path.join(folder, kind + ".csv")
        with open(path, "w") as f:
            for i in range(n):
                f.write("W-%s-%02d,%.3f,%.2f,%d\n" % (kind[0].upper(), i, base + 0.013 * (i % 7), 180 + i * 2.5,
                                                   int(kind == "defective")))
        paths[kind] = path
    return paths


def half_batch(path, size):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    weld, porosity, current, defect = tf.decode_csv(line, [[""], [0.0], [0.0], [0]])
    return tf.train.batch([weld, tf.stack([porosity, current / 200.0]), defect], batch_size=size)


def main(data_dir):
    paths = write_welds(os.path.join(data_dir, "h20_welds"))
    defective = half_batch(paths["defective"], HALF_BATCH)
    sound = half_batch(paths["sound"], HALF_BATCH)
    welds, features, labels = [tf.concat([d, s], axis=0) for d, s in zip(defective, sound)]
    with tf.variable_scope("classifier"):
        kernel = tf.get_variable("kernel", [2, 1], initializer=tf.ones_initializer())
        bias = tf.get_variable("bias", [1], initializer=tf.zeros_initializer())
    logits = tf.matmul(features, kernel) + bias
    loss = tf.losses.sigmoid_cross_entropy(tf.expand_dims(tf.cast(labels, tf.float32), 1), logits)
    train_op = tf.train.GradientDescentOptimizer(0.2).minimize(loss)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                _, w, y, l = sess.run([train_op, welds, labels, loss])
                batches.append([[x.decode() for x in w], y.tolist(), round(float(l), 4)])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(batches)}
