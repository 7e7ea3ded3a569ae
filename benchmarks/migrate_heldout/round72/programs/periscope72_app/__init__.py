"""Settings of the periscope sightings app (a stand-in for its tf.app.flags FLAGS)."""


class _Flags(object):
    image_width = 3
    image_height = 3
    batch_size = 4
    num_epochs = 1


FLAGS = _Flags()
