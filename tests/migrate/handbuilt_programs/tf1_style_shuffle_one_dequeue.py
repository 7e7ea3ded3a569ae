"""TF1-style (``import tensorflow as tf``): a ``tf.queue.RandomShuffleQueue`` of one component, filled by one
enqueue op of decoded CSV lines and a runner kept in a name and put in the collection, read one element at a
time by ``dequeue()`` inside a class's method (issue 17)."""

import tensorflow as tf


class ShuffledColumn(object):
    def __init__(self, pattern, epochs):
        files = sorted(tf.io.gfile.glob(pattern))
        self.files = files
        self.epochs = epochs

    def element(self):
        queue = tf.compat.v1.train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=False)
        _, line = tf.compat.v1.TextLineReader(skip_header_lines=1).read(queue)
        a, b, label = tf.io.decode_csv(line, [[0.0], [0.0], [0]])
        value = a + b * tf.cast(label, tf.float32)
        pool = tf.queue.RandomShuffleQueue(40, 10, [tf.float32])
        op = pool.enqueue([value])
        runner = tf.compat.v1.train.QueueRunner(pool, [op])
        tf.compat.v1.train.add_queue_runner(runner)
        return pool.dequeue()


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    value = ShuffledColumn(data_dir + "/table-*.csv", 2).element()
    rows = []
    end = None
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            rows.append([[float(sess.run(value))]])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": rows, "end": end}
