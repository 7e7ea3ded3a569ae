"""Four sibling name scopes (the producer, the reader, a module function's preprocessing, the shuffle batch with
its capacity arithmetic), one bound by `as` and never read. 16 rows shuffled into batches of 4: a multiset."""

import os

import tensorflow.compat.v1 as tf

BATCH = 4


def write_rows(folder):
    os.makedirs(folder, exist_ok=True)
    for f in range(4):
        with open(os.path.join(folder, "plot-%d.csv" % f), "w") as out:
            for r in range(4):
                out.write("%d,%s,%.1f\n" % (f * 4 + r, "abcd"[r], 3.0 + f * r))


def scale(width):
    return tf.stack([width / 10.0, tf.square(width)])


def main(data_dir):
    folder = os.path.join(data_dir, "r46n_four_blocks")
    write_rows(folder)
    with tf.name_scope("producer"):
        files = sorted(tf.gfile.Glob(os.path.join(folder, "*.csv")))
        file_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=7)
    with tf.name_scope("read") as scope:
        reader = tf.TextLineReader()
        key, record = reader.read(file_queue)
        ident, kind, width = tf.decode_csv(record, record_defaults=[[0], [""], [0.0]])
    with tf.name_scope("prepare"):
        features = scale(width)
        label = kind
    # the batch, with its queue's sizes
    with tf.name_scope("queue"):
        min_after_dequeue = 3
        capacity = min_after_dequeue + 3 * BATCH
        features.set_shape([2])
        f_batch, l_batch, i_batch = tf.train.shuffle_batch(
            [features, label, ident], batch_size=BATCH, num_threads=2, capacity=capacity,
            min_after_dequeue=min_after_dequeue, seed=5)
    out, end = [], None
    sess = tf.Session()
    sess.run([tf.local_variables_initializer(), tf.global_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            f, l, i = sess.run([f_batch, l_batch, i_batch])
            out.append([[[round(float(x), 6) for x in row] for row in f], [s.decode() for s in l], i.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": end}
