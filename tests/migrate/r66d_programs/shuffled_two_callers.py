"""A module helper, called twice (two files, two pipelines), batches through a RandomShuffleQueue typed by its
tensors' dtype, read by ``dequeue_many``; a fixed number of steps."""
import os

import tensorflow as tf1
tf = tf1.compat.v1


def _write(path, start, count):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(start, start + count):
            example = tf.train.Example(features=tf.train.Features(feature={
                'v': tf.train.Feature(int64_list=tf.train.Int64List(value=[i, i * i]))}))
            writer.write(example.SerializeToString())


def shuffled(path, n):
    names = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, rec = tf.TFRecordReader().read(names)
    v = tf.parse_single_example(rec, {'v': tf.FixedLenFeature([2], tf.int64)})['v']
    v = v + 1
    queue = tf.RandomShuffleQueue(capacity=20, min_after_dequeue=5, dtypes=[v.dtype], shapes=[[2]], seed=7)
    enq = queue.enqueue([v])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enq]))
    return queue.dequeue_many(n)


def main(data_dir):
    root = os.path.join(data_dir, 'r66d_shuffled')
    os.makedirs(root, exist_ok=True)
    a, b = os.path.join(root, 'a.tfrecord'), os.path.join(root, 'b.tfrecord')
    _write(a, 0, 9)
    _write(b, 100, 9)
    first = shuffled(a, 3)
    second = shuffled(b, 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(3):
            x, y = sess.run([first, second])
            batches.append([x[:, 0].tolist(), x[:, 1].tolist()])
            batches.append([y[:, 0].tolist(), y[:, 1].tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'steps'}
