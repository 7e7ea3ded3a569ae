# coding=utf-8
# Copyright 2017-2019 The THUMT Authors (trimmed)

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import sys

_ENGINE = None


def enable_distributed_training():
    global _ENGINE
    try:
        import horovod.tensorflow as hvd
        _ENGINE = hvd
        hvd.init()
    except ImportError:
        sys.stderr.write("Error: You must install horovod first in order to"
                         " enable distributed training.\n")
        exit()


def is_distributed_training_mode():
    return _ENGINE is not None


def rank():
    '''
    The rank of a process is a unique ID given that distinguishes it from the
    other processes
    '''
    if not is_distributed_training_mode():
        return 0
    return _ENGINE.rank()


def local_rank():
    if not is_distributed_training_mode():
        return 0
    return _ENGINE.local_rank()


def size():
    '''
    Size is the number of processes
    '''
    if not is_distributed_training_mode():
        return 1
    return _ENGINE.size()


def get_broadcast_hook():
    if not is_distributed_training_mode():
        return None
    return _ENGINE.BroadcastGlobalVariablesHook(0)
