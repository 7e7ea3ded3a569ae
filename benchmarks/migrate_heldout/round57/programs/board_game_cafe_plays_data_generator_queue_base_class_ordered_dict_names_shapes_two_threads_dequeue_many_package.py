import os
from collections import OrderedDict

import numpy as np
import tensorflow.compat.v1 as tf

from game57_lib.cafe_dataset import CafePlays, write_plays, GAMES
from game57_lib.data_generator_queue import DataGeneratorQueue


class MainLoop(object):
    def __init__(self, data_dir):
        folder = os.path.join(data_dir, 'h57_board_game_cafe')
        if not os.path.isdir(folder):
            os.makedirs(folder)
        self.csv = os.path.join(folder, 'plays.csv')
        write_plays(self.csv)
        self.batch_size = 4

    def init_data_generator(self):
        data_names_and_shapes = OrderedDict([('game', [len(GAMES)]),
                                             ('context', [2]),
                                             ('rating', [])])
        self.coord = tf.train.Coordinator()
        self.generator = DataGeneratorQueue(CafePlays(self.csv), self.coord, data_names_and_shapes,
                                            batch_size=self.batch_size, queue_size=8, n_threads=2)

    def init_networks(self):
        game, context, rating = self.generator.dequeue()
        w = tf.get_variable('w', [len(GAMES)], initializer=tf.constant_initializer(3.0))
        pred = tf.reduce_sum(game * w, axis=1) + 0.1 * context[:, 1]
        self.loss = tf.reduce_mean(tf.square(pred - rating))
        self.fetches = [tf.argmax(game, axis=1), context, rating]

    def run(self):
        self.init_data_generator()
        self.init_networks()
        sess = tf.Session()
        sess.run(tf.global_variables_initializer())
        self.generator.start_threads(sess)
        out = []
        try:
            while True:
                g, c, r, _ = sess.run(self.fetches + [self.loss])
                out.append([g.tolist(), np.round(c.astype(np.float64), 4).tolist(),
                            np.round(r.astype(np.float64), 1).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        self.coord.request_stop()
        self.coord.join(self.generator.threads)
        sess.close()
        return out


def main(data_dir):
    batches = MainLoop(data_dir).run()
    return {"batches": batches, "end": "plays: %d" % sum(len(b[0]) for b in batches)}
