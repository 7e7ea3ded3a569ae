"""MovieLens-style ratings loaded with numpy, sliced by slice_input_producer(shuffle=True, num_epochs=1) and shuffled
again by shuffle_batch; `import tensorflow as tf` with tf.compat.v1 calls."""
import os

import numpy as np
import tensorflow as tf

BATCH_SIZE = 5
USER_NUM = 7
ITEM_NUM = 11


def read_file(filname, sep="\t"):
    data = np.loadtxt(filname, delimiter=sep, dtype=np.int64)
    return data[:, 0], data[:, 1], data[:, 2].astype(np.float32)


def write_ratings(data_dir):
    root = os.path.join(data_dir, "h30_movielens")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(302)
    path = os.path.join(root, "ratings.dat")
    with open(path, "w") as f:
        for _ in range(20):
            f.write("%d\t%d\t%d\n" % (rng.randint(USER_NUM), rng.randint(ITEM_NUM), rng.randint(1, 6)))
    return path


def get_batch(users, items, rates, batch_size):
    user, item, rate = tf.compat.v1.train.slice_input_producer([users, items, rates], num_epochs=1, shuffle=True,
                                                               seed=7)
    min_after_dequeue = 6
    return tf.compat.v1.train.shuffle_batch([user, item, rate], batch_size=batch_size,
                                            capacity=min_after_dequeue + 3 * batch_size,
                                            min_after_dequeue=min_after_dequeue, seed=11)


def main(data_dir):
    users, items, rates = read_file(write_ratings(data_dir))
    user_batch, item_batch, rate_batch = get_batch(users, items, rates, BATCH_SIZE)
    bias = tf.compat.v1.get_variable("bias_global", shape=[], initializer=tf.compat.v1.zeros_initializer())
    infer = bias + tf.cast(user_batch * 0, tf.float32)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            u, i, r, _ = sess.run([user_batch, item_batch, rate_batch, infer])
            batches.append([u.tolist(), i.tolist(), r.tolist()])
    except tf.errors.OutOfRangeError:
        end = "epoch over"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
