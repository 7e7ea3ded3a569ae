"""A padding queue and its runner made by a builder of another module (`from hb_lib.queue_builders import
build_padded`), from the file queue its caller makes; the caller dequeues batches by a constant of its own and
starts the runner's threads by hand (the sensor trainer of held-out round 12)."""

import glob
import os

import tensorflow.compat.v1 as tf

from hb_lib.queue_builders import build_padded

BATCH = 4


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin")))
    filename_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    padded, runner = build_padded(filename_queue)
    sequences, lengths = padded.dequeue_many(BATCH)
    total = tf.reduce_sum(sequences, axis=1)
    batches = []
    end = None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    threads += runner.create_threads(sess, coord=coord, start=True)
    try:
        while not coord.should_stop():
            s, n, t = sess.run([sequences, lengths, total])
            batches.append([s.tolist(), n.tolist(), t.tolist(), [all(r) for r in s.tolist()]])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}
