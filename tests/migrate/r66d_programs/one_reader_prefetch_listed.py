"""One reader's record prefetched through a FIFOQueue with no readers' loop: ``ops = [queue.enqueue([record])]``
under a named QueueRunner registered on its own, dequeued, parsed and batched (the train module by name)."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def _write(path):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(9):
            writer.write(train.Example(features=train.Features(feature={
                'w': train.Feature(float_list=train.FloatList(value=[i * 0.5, -i]))})).SerializeToString())


def prefetched_rows(path, batch_size):
    with tf.name_scope('prefetch'):
        files = train.string_input_producer([path], num_epochs=1, shuffle=False)
        staging = tf.FIFOQueue(capacity=8, dtypes=[tf.string], name='staging')
        reader = tf.TFRecordReader()
        _, record = reader.read(files)
        record = tf.reshape(record, [])
        stage_ops = [staging.enqueue([record])]
        runner = train.QueueRunner(staging, stage_ops)
        train.add_queue_runner(runner)
        staged = staging.dequeue()
    w = tf.parse_single_example(staged, {'w': tf.FixedLenFeature([2], tf.float32)})['w']
    return train.batch([w[0], w[1] * 2.0], batch_size=batch_size)


def main(data_dir):
    root = os.path.join(data_dir, 'r66d_prefetch')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'rows.tfrecord')
    _write(path)
    a, b = prefetched_rows(path, 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([a, b])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
