"""Garden-snail trail records in two shards: an `example_list` of two `read_and_decode` readers on one filename
queue joined by `train.batch_join`, settings in a module-level FLAGS dict -- package."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from snail_io import readers


def main(data_dir):
    out = os.path.join(data_dir, 'h70_snail')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(31)
    files = []
    for shard in range(2):
        path = os.path.join(out, 'trails-%05d.tfrecord' % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(6):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'snail': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'snail-%d-%d' % (shard, i)])),
                    'trail_mm': tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(10, 900))])),
                    'slime': tf.train.Feature(float_list=tf.train.FloatList(value=rng.rand(2).tolist())),
                }))
                w.write(ex.SerializeToString())
        files.append(path)

    snail_batch, trail_batch, slime_batch = readers.inputs(files)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            step = 0
            while not coord.should_stop():
                s, t, sl = sess.run([snail_batch, trail_batch, slime_batch])
                batches.append([[x.decode() for x in s], np.round(t, 1).tolist(), np.round(sl, 3).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print('Done reading trails, %d steps.' % step)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "trails: %d" % sum(len(b[0]) for b in batches)}
