"""A reader class and a decoder's bound method handed to another module's `read_dataset`, its tensor dict
batched by the caller."""
import os

import tensorflow.compat.v1 as tf

from rdrcls_lib import decoding


def _write(path, first, count):
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(first, first + count):
            feature = {
                'item/name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('pear-%02d' % i).encode()])),
                'item/weight': tf.train.Feature(float_list=tf.train.FloatList(value=[100.0 + i])),
                'item/grade': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
            }
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'rdrcls_handed')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    files = []
    for shard, (first, count) in enumerate([(0, 5), (5, 3)]):
        path = os.path.join(folder, 'pears-%d.record' % shard)
        _write(path, first, count)
        files.append(path)
    tensor_dict = decoding.read_dataset(tf.TFRecordReader, decoding.ExampleDecoder().decode, files)
    batch = tf.train.batch(tensor_dict, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out = sess.run(batch)
                batches.append([[x.decode() for x in out['name']], out['weight'].tolist(), out['grade'].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'pears: %d' % sum(len(b[0]) for b in batches)}
