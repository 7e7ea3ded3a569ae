"""`import tensorflow as tf` with every legacy call spelled tf.compat.v1.*, the pipeline built by a method of a
class, its runner registered by add_queue_runner, and the batch's per-element code after the stage."""
import tensorflow as tf

from fixm_lib.signals import signal_files


class MorseInput(object):
    def __init__(self, files, batch_size):
        self.files = files
        self.batch_size = batch_size

    def batches(self):
        filename_queue = tf.compat.v1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        reader = tf.compat.v1.TextLineReader()
        _, line = reader.read(filename_queue)
        letter, dots, dashes, millis = tf.compat.v1.decode_csv(line, record_defaults=[[''], [0], [0], [0]])
        signal = tf.cast(tf.stack([dots, dashes]), tf.float32)
        q = tf.compat.v1.FIFOQueue(capacity=6, dtypes=[tf.string, tf.float32, tf.int32], shapes=[[], [2], []])
        enqueue_op = q.enqueue((letter, signal, millis))
        qr = tf.compat.v1.train.QueueRunner(q, [enqueue_op])
        tf.compat.v1.train.add_queue_runner(qr)
        name, sig, ms = q.dequeue()
        length = tf.reduce_sum(sig) + tf.cast(ms, tf.float32) / 1000.0
        return tf.compat.v1.train.batch([name, length], batch_size=self.batch_size)


def main(data_dir):
    source = MorseInput(signal_files(data_dir, 'fixm_class'), 2)
    names, lengths = source.batches()
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                n, l = sess.run([names, lengths])
                batches.append([[a.decode() for a in n], [round(b, 4) for b in l.tolist()]])
        except tf.errors.OutOfRangeError:
            end = 'stopped'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
