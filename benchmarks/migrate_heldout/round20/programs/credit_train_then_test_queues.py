"""Credit scoring on make_data's tables: a training pipeline (two files) and a test pipeline (one file), both
one epoch, in one graph and one session; the script trains until the training queue ends, then scores the test
batches until that queue ends too, then stops the runners."""

import os

import tensorflow.compat.v1 as tf


def table_batches(files, batch_size, name):
    with tf.name_scope(name):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, row = tf.TextLineReader(skip_header_lines=1).read(queue)
        a, b, label = tf.decode_csv(row, [[0], [0.0], [0]])
        features = tf.stack([tf.cast(a, tf.float32) / 100.0, b / 250.0])
        good = tf.cast(label >= 2, tf.float32)
        return tf.train.batch([features, good, a], batch_size=batch_size, allow_smaller_final_batch=True)


def score(features):
    with tf.variable_scope("scorecard", reuse=tf.AUTO_REUSE):
        w = tf.get_variable("w", [2], initializer=tf.zeros_initializer())
        bias = tf.get_variable("bias", [], initializer=tf.zeros_initializer())
    return tf.reduce_sum(features * w, axis=1) + bias


def main(data_dir):
    train_files = [os.path.join(data_dir, "table-%d.csv" % i) for i in (0, 1)]
    test_files = [os.path.join(data_dir, "table-2.csv")]
    train_x, train_y, _ = table_batches(train_files, 8, "train_input")
    test_x, test_y, test_ids = table_batches(test_files, 10, "test_input")
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=train_y, logits=score(train_x)))
    train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
    test_pred = tf.cast(score(test_x) > 0.0, tf.float32)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        while True:
            try:
                _, l = sess.run([train_op, loss])
            except tf.errors.OutOfRangeError:
                break
            batches.append(["train", round(float(l), 4)])
        correct = total = 0
        while True:
            try:
                ids, pred, y = sess.run([test_ids, test_pred, test_y])
            except tf.errors.OutOfRangeError:
                break
            batches.append(["test", ids.tolist(), pred.astype(int).tolist()])
            correct += int((pred == y).sum())
            total += len(y)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": [correct, total]}
