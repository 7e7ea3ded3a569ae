"""The join's lists made by a loop over (files, compressed, offset) configurations, the decoder here."""
import os

import tensorflow.compat.v1 as tf

from r28i_lib.archives import write_shards

GZIP = True


def decode(files, compressed, offset):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    if compressed:
        reader = tf.TFRecordReader(options=tf.io.TFRecordOptions(tf.io.TFRecordCompressionType.GZIP))
    else:
        reader = tf.TFRecordReader()
    _, value = reader.read(queue)
    ex = tf.parse_single_example(value, {'idx': tf.FixedLenFeature([], tf.int64),
                                         'v': tf.FixedLenFeature([2], tf.float32)})
    return [ex['idx'] + offset, tf.reduce_sum(ex['v'])]


def main(data_dir):
    root = os.path.join(data_dir, 'r28i_config_loop')
    write_shards(root, 'plain', 0, 4, gzip=False)
    write_shards(root, 'packed', 10, 6, gzip=True)
    plain = sorted(tf.gfile.Glob(os.path.join(root, 'plain_*.rec')))
    packed = sorted(tf.gfile.Glob(os.path.join(root, 'packed_*.rec')))
    per_reader = []
    for files, compressed, offset in [(plain, False, 100), (packed, True, -5)]:
        per_reader.append(decode(files, compressed, offset))
    idx, total = tf.train.batch_join(per_reader, batch_size=2, capacity=8)  # (10 rows: every batch full)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, t = sess.run([idx, total])
                out.append([i.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'done'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
