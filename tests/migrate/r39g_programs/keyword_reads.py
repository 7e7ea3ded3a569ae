"""``read_up_to(q, num_records=2, name=...)`` and ``read(queue=q)`` of a reader made by a class, batched."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Lines(object):
    def __init__(self, files):
        self.files = files

    def groups(self):
        queue = train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        reader = tf.TextLineReader()
        _, lines = reader.read_up_to(queue, num_records=2, name='pairs')
        return train.batch([tf.string_to_number(lines, tf.int32)], batch_size=2, enqueue_many=True)

    def single(self):
        queue = train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        reader = tf.TextLineReader(skip_header_lines=0)
        _, line = reader.read(queue=queue)
        return train.batch([tf.string_to_number(line, tf.int32)], batch_size=3)


def drain(sess, tensor, out):
    try:
        while True:
            out.append([sess.run(tensor).tolist()])
    except tf.errors.OutOfRangeError:
        pass


def main(data_dir):
    folder = os.path.join(data_dir, 'r39g_keywords')
    os.makedirs(folder, exist_ok=True)
    files = []
    for k in range(2):
        path = os.path.join(folder, 'part%d.txt' % k)
        with open(path, 'w') as f:
            f.writelines('%d\n' % (10 * k + i) for i in range(3))
        files.append(path)
    lines = Lines(files)
    pairs, numbers = lines.groups(), lines.single()
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        drain(sess, pairs, out)
        drain(sess, numbers, out)
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'batches %d' % len(out)}
