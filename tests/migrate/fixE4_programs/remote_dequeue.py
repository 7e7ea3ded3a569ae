"""A feeding class of another module whose queue this module dequeues whole by `dequeue_many`: legacy's list,
appended to."""
import tensorflow.compat.v1 as tf

from fixE4_feeds.runner import Runner


def main(data_dir):
    runner = Runner()
    batch = runner.queue.dequeue_many(3)
    batch.append(batch[1] * 2)
    out, end = [], None
    sess = tf.Session()
    runner.start_threads(sess)
    try:
        while True:
            out.append([v.tolist() for v in sess.run(batch)])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    sess.close()
    return {'batches': out, 'end': '%s %s' % (end, type(batch).__name__)}
