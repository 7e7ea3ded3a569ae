"""A tensorpack-style trainer whose callback keeps the coordinator and threads on the trainer it is handed."""
from tensorflow.compat.v1 import train
import tensorflow.compat.v1 as tf


class RunnersCallback(object):
    def before_train(self, trainer):
        trainer.coord = train.Coordinator()
        trainer.threads = train.start_queue_runners(sess=trainer.sess, coord=trainer.coord)

    def after_train(self, trainer):
        trainer.coord.request_stop()
        trainer.coord.join(trainer.threads)


class Trainer(object):
    def __init__(self, fetches, steps, callbacks):
        self.fetches = fetches
        self.steps = steps
        self.callbacks = callbacks
        self.seen = []

    def train(self):
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())
        for cb in self.callbacks:
            cb.before_train(self)
        try:
            for _ in range(self.steps):
                self.seen.append(self.sess.run(self.fetches))
        finally:
            for cb in self.callbacks:
                cb.after_train(self)
        self.sess.close()
