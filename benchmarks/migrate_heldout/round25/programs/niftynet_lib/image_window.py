import tensorflow as tf

LOCATION_FORMAT = "{}_location"


class ImageWindow(object):
    """Names, dtypes and shapes of the windows a sampler produces."""

    def __init__(self, names, spatial_size, n_locations=5):
        self.names = tuple(names)
        self.spatial_size = list(spatial_size)
        self.n_locations = n_locations

    @property
    def tf_dtypes(self):
        dtypes = {}
        for name in self.names:
            dtypes[name] = tf.float32
            dtypes[LOCATION_FORMAT.format(name)] = tf.int32
        return dtypes

    @property
    def tf_shapes(self):
        shapes = {}
        for name in self.names:
            shapes[name] = self.spatial_size + [1]
            shapes[LOCATION_FORMAT.format(name)] = [self.n_locations]
        return shapes

    def placeholders_dict(self, n_samples=None):
        return {key: tf.compat.v1.placeholder(self.tf_dtypes[key], [n_samples] + shape, name=key)
                for key, shape in sorted(self.tf_shapes.items())}
