"""Parameters shared by the speech modules (a small stand-in for tf.app.flags)."""
import numpy as np
import tensorflow.compat.v1 as tf

NP_FLOAT = np.float32
TF_FLOAT = tf.float32


class _Flags(object):
    sampling_rate = 8000
    batch_size = 3
    num_threads = 1
    min_queue_size = 4


FLAGS = _Flags()
