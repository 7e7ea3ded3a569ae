"""Collaborative deep metric learning: triplets of video features fed from memory."""
import os
import json

import numpy as np
import tensorflow.compat.v1 as tf

from pipes28_lib import features as feats_util
from pipes28_lib.model import embed, triplet_loss
from pipes28_lib.pipes import TripletPipe


class FLAGS:
    batch_size = 4
    num_epochs = 1
    num_readers = 1


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h28_metric_learning_triplet_pipe_memory_slices')
    os.makedirs(out_dir, exist_ok=True)
    co_watch = [(0, 1), (1, 2), (2, 5), (3, 4), (4, 8), (5, 6), (6, 7), (7, 0), (8, 3), (2, 0)]
    with open(os.path.join(out_dir, 'co_watch.json'), 'w') as f:
        json.dump(co_watch, f)
    with open(os.path.join(out_dir, 'co_watch.json')) as f:
        pairs = [tuple(p) for p in json.load(f)]
    data = feats_util.make_triplets(feats_util.load_watch_features(), pairs)

    pipe = TripletPipe()
    anchors, positives, negatives = pipe.create_pipe(
        data, batch_size=FLAGS.batch_size, num_epochs=FLAGS.num_epochs, num_readers=FLAGS.num_readers)
    loss = triplet_loss(embed(anchors), embed(positives, reuse=True), embed(negatives, reuse=True))

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, l = sess.run([anchors, loss])
                batches.append([np.round(a, 4).tolist(), np.round(l, 4).tolist()])
        except tf.errors.OutOfRangeError as e:
            coord.request_stop(e)
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': 'coordinator stopped'}
