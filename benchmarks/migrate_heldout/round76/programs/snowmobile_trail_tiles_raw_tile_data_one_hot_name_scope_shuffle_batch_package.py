# Snowmobile trail maps: 3x4 grids of tile ids (0 open snow, 1 groomed, 2 trees, 3 creek, 4 hut).
import os

import numpy as np
import tensorflow.compat.v1 as tf

from snowmobile76 import input as trail_input


def main(data_dir):
    out = os.path.join(data_dir, 'h76_snowmobile')
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, 'trails.tfrecords')
    rng = np.random.RandomState(7)
    with tf.python_io.TFRecordWriter(path) as w:
        for _ in range(8):
            grid = rng.randint(0, trail_input.NUM_TILES, size=12).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'raw_tile_data': trail_input._bytes_feature(grid.tobytes())}))
            w.write(ex.SerializeToString())

    batch = trail_input.inputs(path, batch_size=4, num_epochs=1, seed=11)
    ids = tf.argmax(batch, axis=-1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b, i = sess.run([batch, ids])
                batches.append([i.tolist(), b.sum(axis=(1, 2)).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "trail maps: %d" % sum(len(b[0]) for b in batches)}
