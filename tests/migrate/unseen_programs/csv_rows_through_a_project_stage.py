"""CSV rows read by the program's own reader, shuffled and batched by helpers of the project (`unseen_lib.stages`); a Coordinator loop to the end of the data."""

import os

import tensorflow.compat.v1 as tf

from unseen_lib import stages


def write_rows(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("%d,%d\n" % (i, 10 * i))
    return path


def read_row(filename_queue):
    _, line = tf.TextLineReader().read(filename_queue)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
    return [a, b]


def main(data_dir):
    path = write_rows(os.path.join(data_dir, "unseen_rows"))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    row = read_row(filename_queue)
    shuffled = stages.shuffle(row, seed=7)
    a_batch, b_batch = stages.batch(shuffled, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([a_batch, b_batch])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
