"""A reader object of a package: three readers into a shuffling common queue, then train.batch."""
import os

import tensorflow.compat.v1 as tf

from r37o_lib.dataset import Shards, write_shards
from r37o_lib.reader import ShardReader


def main(data_dir):
    folder = os.path.join(data_dir, 'r37o_shuffled')
    write_shards(folder)
    shards = Shards(folder)
    reader = ShardReader(shards, shuffle=True, num_readers=3, capacity=16, num_epochs=1)
    pixels, label = reader.single_example()
    pixel_batch, label_batch = tf.train.batch([pixels, label], batch_size=4, capacity=12)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, l = sess.run([pixel_batch, label_batch])
                batches.append([p.round(4).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows %d" % sum(len(b[1]) for b in batches)}
