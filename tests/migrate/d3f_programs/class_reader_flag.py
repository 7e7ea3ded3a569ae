"""A reader class whose method lists its shards with ``tf.io.gfile.glob`` and would shuffle the list under a
flag; the one call passes ``False`` (``import tensorflow as tf``, the v1 API through ``tf.compat.v1``)."""
import os

import tensorflow as tf

v1 = tf.compat.v1


class ShardReader(object):
    def __init__(self, pattern):
        self.pattern = pattern

    def rows(self, shuffle_shards=True):
        shards = tf.io.gfile.glob(self.pattern)
        if shuffle_shards:
            shards = v1.random_shuffle(tf.constant(shards))
        fq = v1.train.string_input_producer(shards, num_epochs=1, shuffle=False)
        _, line = v1.TextLineReader().read(fq)
        return tf.strings.to_number(line, tf.int32)


def main(data_dir):
    folder = os.path.join(data_dir, 'd3f_class')
    os.makedirs(folder, exist_ok=True)
    for k in range(2):
        with open(os.path.join(folder, 'shard%d.txt' % k), 'w') as f:
            f.write(''.join('%d\n' % (100 * k + i) for i in range(6)))
    row = ShardReader(os.path.join(folder, 'shard*.txt')).rows(shuffle_shards=False)
    batch = v1.train.batch([row], batch_size=3)
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
