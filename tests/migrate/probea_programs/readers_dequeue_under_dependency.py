"""k readers' enqueue ops into one FIFOQueue, its dequeue_many made under a control dependency that counts the
batches (`import tensorflow.compat.v1 as tf`): the count must go with the rewritten dequeue."""

import glob
import os

import tensorflow.compat.v1 as tf


def pipeline(data_dir, counter, k=2, batch=20):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    queue = tf.FIFOQueue(30, dtypes=[tf.string], shapes=[[]])
    ops = []
    for _ in range(k):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        ops.append(queue.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
    with tf.control_dependencies([tf.assign_add(counter, 1)]):
        serialized = queue.dequeue_many(batch)
    return tf.parse_example(serialized, {'label': tf.FixedLenFeature([], tf.int64)})['label']


def main(data_dir):
    counter = tf.Variable(0, dtype=tf.int64)
    labels_op = pipeline(data_dir, counter)
    with tf.control_dependencies([labels_op]):
        seen = counter.read_value()
    out, counts, end = [], [], None
    with tf.Session() as sess:
        sess.run([tf.local_variables_initializer(), tf.global_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                labels, n = sess.run([labels_op, seen])
                out.append([labels.tolist()])
                counts.append(int(n))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    out.append([counts])  # (the counts 1..n, one per batch: the dequeue ran the increment each time)
    return {'batches': out, 'end': end}
