"""slim train_image_classifier shape, written out by hand: a provider (another module) over a parallel
reader, `tf.train.batch` of its items, a prefetch queue of the batches dequeued by the training loop."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from provider_lib import parallel  # noqa: E402


def main(data_dir):
    sources = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in (0, 3)]
    with tf.device('/cpu:0'):
        provider = parallel.RecordProvider(sources, num_readers=2, shuffle=True, num_epochs=1, seed=11)
        [x, label] = provider.get(['x', 'label'])
        x = x - 0.5
        xs, labels = tf.train.batch([x, label], batch_size=10, num_threads=2, capacity=50)
        batch_queue = parallel.prefetch_queue([xs, labels], capacity=2, name='prefetch')
    x_batch, label_batch = batch_queue.dequeue()

    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xv, lv = sess.run([x_batch, label_batch])
                batches.append([xv.tolist(), lv.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
