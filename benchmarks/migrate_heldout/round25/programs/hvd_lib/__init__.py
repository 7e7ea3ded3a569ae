"""A stand-in for horovod.tensorflow in one process: rank and size from the environment, and the
broadcast hook as a SessionRunHook (what a Horovod-era script imports as `hvd`)."""
import os

import tensorflow.compat.v1 as tf

_state = {}


def init():
    _state['rank'] = int(os.environ.get('H25_RANK', '0'))
    _state['size'] = int(os.environ.get('H25_SIZE', '2'))


def rank():
    return _state['rank']


def size():
    return _state['size']


def local_rank():
    return _state['rank']


class BroadcastGlobalVariablesHook(tf.train.SessionRunHook):
    def __init__(self, root_rank, device=''):
        super(BroadcastGlobalVariablesHook, self).__init__()
        self.root_rank = root_rank
        self.bcast_op = None
        self.device = device

    def begin(self):
        if not self.bcast_op or self.bcast_op.graph != tf.get_default_graph():
            with tf.device(self.device):
                self.bcast_op = tf.group(*[tf.assign(v, v) for v in tf.global_variables()])

    def after_create_session(self, session, coord):
        session.run(self.bcast_op)
