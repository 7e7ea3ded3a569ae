import os
import tensorflow.compat.v1 as tf

# TODO(archer): Alter `write_tf_record` code to spit out
# shards with about 1024 examples each.
EXAMPLES_PER_SHARD = 6

class TrainingBatch(object):
    """Contains a training batch of target-face crops along with the
    arrow positions scored on that target.

    images, arrows and ring_indices should all be lists of length
    `batch_size`.
    """
    def __init__(self, images, arrows, ring_indices, batch_size):
        assert images.get_shape()[0] == batch_size
        assert arrows.get_shape()[0] == batch_size
        assert ring_indices.get_shape()[0] == batch_size
        self._images = images
        self._arrows = arrows
        self._ring_indices = ring_indices
        self._batch_size = batch_size

    @property
    def images(self):
        return self._images

    @property
    def arrows(self):
        return self._arrows

    @property
    def ring_indices(self):
        return self._ring_indices

    @property
    def batch_size(self):
        return self._batch_size
