"""
Train an artist classifier on WikiArt-like TFRecord shards.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from art42_lib.cf_container import Config as cf
from art42_lib.data_reader import DataReader
from art42_lib.make_records import make_records


def main(data_dir):
    path = os.path.join(data_dir, 'h42_art_registered_reader', 'train')
    make_records(path)

    data_reader = DataReader(path, cf.num_epoch)
    img_batch, tar_batch, year_batch = data_reader.get_batch()
    artist_batch = tf.argmax(tar_batch, axis=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                img, artist, year = sess.run([img_batch, artist_batch, year_batch])
                batches.append([np.round(img.astype(np.float64), 4).tolist(), artist.tolist(), year.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "paintings: %d" % sum(len(b[1]) for b in batches)}
