# Lab-style linear regression on ribbon stock: the CSV row from decode_csv is sliced as a Python list
# (xy[0:-1] / xy[-1:]) straight into tf.train.batch; a fixed number of steps over an unlimited producer.
import os

import numpy as np
import tensorflow.compat.v1 as tf

tf.set_random_seed(777)  # for reproducibility


def main(data_dir):
    folder = os.path.join(data_dir, "h53_typewriter_ribbon_stock_decode_csv_list_slices_batch_fixed_steps_unlimited_producer")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5314)
    path = os.path.join(folder, "ribbon-stock.csv")
    with open(path, "w") as f:
        f.write("# width_mm, length_m, spools, price\n")
        for i in range(10):
            f.write("%d,%d,%d,%.2f\n" % ([13, 16][i % 2], rng.randint(5, 20), rng.randint(1, 6),
                                         rng.uniform(4, 18)))

    filename_queue = tf.train.string_input_producer([path], shuffle=False, name="filename_queue")

    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)

    # Default values, in case of empty columns. Also specifies the type of the
    # decoded result.
    record_defaults = [[0.], [0.], [0.], [0.]]
    xy = tf.decode_csv(value, record_defaults=record_defaults)

    # collect batches of csv in
    train_x_batch, train_y_batch = tf.train.batch([xy[0:-1], xy[-1:]], batch_size=4)

    # placeholders for a tensor that will be always fed.
    X = tf.placeholder(tf.float32, shape=[None, 3])
    Y = tf.placeholder(tf.float32, shape=[None, 1])
    W = tf.Variable(tf.zeros([3, 1]), name="weight")
    b = tf.Variable(tf.zeros([1]), name="bias")
    hypothesis = tf.matmul(X, W) + b
    cost = tf.reduce_mean(tf.square(hypothesis - Y))
    train = tf.train.GradientDescentOptimizer(learning_rate=1e-5).minimize(cost)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())

    # Start populating the filename queue.
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    for step in range(6):
        x_batch, y_batch = sess.run([train_x_batch, train_y_batch])
        cost_val, hy_val, _ = sess.run([cost, hypothesis, train], feed_dict={X: x_batch, Y: y_batch})
        batches.append([x_batch.tolist(), y_batch.tolist()])
        if step % 2 == 0:
            print(step, "Cost: ", cost_val)

    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps: %d" % len(batches)}
