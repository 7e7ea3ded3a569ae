# Framework-style trainer (written from knowledge of in-house trainers of the queue era, no single file): the
# `Trainer` owns its input queue, a hand-made `QueueRunner` with one enqueue op fed by a line reader, registered
# with `add_queue_runner`, and takes `dequeue_many(batch_size)` per step.
import tensorflow.compat.v1 as tf


class Trainer(object):

    def __init__(self, files, batch_size, num_epochs=1, capacity=32):
        self.files = files
        self.batch_size = batch_size
        self.num_epochs = num_epochs
        self.capacity = capacity
        self._build_input()

    def _read_line(self, filename_queue):
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        fields = tf.string_split([line], delimiter='\t').values
        rpm = tf.string_to_number(fields[1])
        wind = tf.string_to_number(fields[2])
        return fields[0], tf.stack([rpm, wind])

    def _build_input(self):
        filename_queue = tf.train.string_input_producer(self.files, num_epochs=self.num_epochs,
                                                        shuffle=False)
        site, values = self._read_line(filename_queue)
        self.queue = tf.FIFOQueue(self.capacity, [tf.string, tf.float32], shapes=[[], [2]])
        enqueue_op = self.queue.enqueue([site, values])
        tf.train.add_queue_runner(tf.train.QueueRunner(self.queue, [enqueue_op]))
        self.sites, self.values = self.queue.dequeue_many(self.batch_size)

    def train(self, sess, max_steps):
        w = tf.get_variable('w', [2, 1], initializer=tf.constant_initializer(0.5))
        pred = tf.matmul(self.values, w)
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        history = []
        try:
            for step in range(max_steps):
                s, v, p = sess.run([self.sites, self.values, pred])
                history.append([[x.decode() for x in s], v.tolist(), p[:, 0].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
        return history
