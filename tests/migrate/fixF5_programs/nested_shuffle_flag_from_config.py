"""A nested decode function, its batch a ``shuffle_batch`` under ``if cfg.batch`` (a config object's value, known
only when the program runs): both chains kept; the rows as a multiset."""
import tensorflow.compat.v1 as tf

from f5_lib.rows import write_rows


class Config(object):
    def __init__(self, batch):
        self.batch = batch


def main(data_dir, cfg=None):
    cfg = cfg or Config(batch=len(data_dir) > 0)
    path = write_rows(data_dir + "/f5_nested", "rows.csv", 12)

    def read(files):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        reader = tf.TextLineReader()
        key, line = reader.read(queue)
        idx, weight, kind = tf.decode_csv(line, [[0], [0.0], [0]])
        if cfg.batch:
            idx, kind = tf.train.shuffle_batch([idx, kind], batch_size=4, capacity=20, min_after_dequeue=5,
                                               seed=5)
        return idx, kind

    idx, kind = read([path])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, c = sess.run([idx, kind])
                batches.append([a.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
