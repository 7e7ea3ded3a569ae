"""A batch helper of another module whose batch function comes from a config dict by name."""

import tensorflow.compat.v1 as tf

SETTINGS = {"batcher": "batch", "size": 6}


def make_batch(tensors):
    batcher = getattr(tf.train, SETTINGS["batcher"])
    return batcher(tensors, batch_size=SETTINGS["size"], allow_smaller_final_batch=True)
