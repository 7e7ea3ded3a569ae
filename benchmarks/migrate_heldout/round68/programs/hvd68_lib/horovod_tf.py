"""Single-process stand-in for `horovod.tensorflow`, kept in the repository so
that the training scripts run on a laptop without MPI (`mpirun -np 1`).
Same names as the real module; every collective is the identity.
"""
import tensorflow.compat.v1 as tf

_initialized = False


def init():
    global _initialized
    _initialized = True


def _check():
    if not _initialized:
        raise ValueError('Horovod has not been initialized; use hvd.init().')


def rank():
    _check()
    return 0


def local_rank():
    _check()
    return 0


def size():
    _check()
    return 1


def allreduce(tensor, average=True):
    return tf.identity(tensor)


def broadcast_global_variables(root_rank):
    return tf.group(*[tf.assign(v, v) for v in tf.global_variables()])


class BroadcastGlobalVariablesHook(tf.train.SessionRunHook):
    """SessionRunHook that will broadcast all global variables from root rank
    to all other processes during initialization."""

    def __init__(self, root_rank, device=''):
        super(BroadcastGlobalVariablesHook, self).__init__()
        self.root_rank = root_rank
        self.bcast_op = None
        self.device = device

    def begin(self):
        if not self.bcast_op or self.bcast_op.graph != tf.get_default_graph():
            with tf.device(self.device):
                self.bcast_op = broadcast_global_variables(self.root_rank)

    def after_create_session(self, session, coord):
        session.run(self.bcast_op)


class DistributedOptimizer(tf.train.Optimizer):
    """An optimizer that wraps another tf.Optimizer, using an allreduce to
    average gradient values before applying gradients to model weights."""

    def __init__(self, optimizer, name=None, use_locking=False):
        if name is None:
            name = "Distributed{}".format(type(optimizer).__name__)
        self._optimizer = optimizer
        super(DistributedOptimizer, self).__init__(name=name, use_locking=use_locking)

    def compute_gradients(self, *args, **kwargs):
        gradients = self._optimizer.compute_gradients(*args, **kwargs)
        return [(allreduce(g) if g is not None else None, v) for g, v in gradients]

    def apply_gradients(self, *args, **kwargs):
        return self._optimizer.apply_gradients(*args, **kwargs)

    def get_slot(self, *args, **kwargs):
        return self._optimizer.get_slot(*args, **kwargs)

    def get_slot_names(self, *args, **kwargs):
        return self._optimizer.get_slot_names(*args, **kwargs)

    def variables(self, *args, **kwargs):
        return self._optimizer.variables(*args, **kwargs)
