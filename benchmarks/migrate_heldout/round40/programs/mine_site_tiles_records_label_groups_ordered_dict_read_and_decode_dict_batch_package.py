"""Open-pit mine survey tiles with three multi-hot label groups (terrain, common, special) in one TFRecord;
the reader builds its feature dict from the label groups and batches an OrderedDict."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from mine40_lib import tiles


def main(data_dir):
    root = os.path.join(data_dir, 'h40_mine_site_tiles')
    os.makedirs(root, exist_ok=True)
    train_file = os.path.join(root, 'train.tfrecords')
    tiles.write_tiles(train_file, 9, 40)

    batch = tiles.inputs([train_file], batch_size=4, num_epochs=1)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append([np.round(values[k].astype(np.float64), 4).tolist() if k == 'image'
                                else values[k].tolist() for k in sorted(values)])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "tiles: %d" % sum(len(b[0]) for b in batches)}
