"""Activity recognition trainer: the padding queue and its QueueRunner come from seq_lib; the trainer starts
the producer's runners through the collection and the padding queue's runner by hand, and dequeues padded
batches until the readings end."""

import glob
import os

import tensorflow as tf

from seq_lib import queueing

BATCH_SIZE = 6
NUM_EPOCHS = 5


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin")))
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=NUM_EPOCHS, shuffle=False)
    queue, runner = queueing.build_padding_queue(filename_queue)
    readings, lengths, devices = queue.dequeue_many(BATCH_SIZE)
    mean_reading = tf.reduce_sum(readings, axis=1) / lengths

    batches = []
    end = None
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    threads += runner.create_threads(sess, coord=coord, start=True)
    try:
        while not coord.should_stop():
            r, n, d, m = sess.run([readings, lengths, devices, mean_reading])
            batches.append([r.tolist(), n.tolist(), d.tolist(), m.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}
