"""Decodes a serialized detection tf.Example into a tensor dictionary."""
import tensorflow.compat.v1 as tf


class TfExampleDecoder(object):
    """Tensorflow Example proto decoder."""

    def __init__(self):
        self.keys_to_features = {
            'image/encoded': tf.FixedLenFeature((), tf.string, default_value=''),
            'image/source_id': tf.FixedLenFeature((), tf.string, default_value=''),
            'image/object/bbox/xmin': tf.VarLenFeature(tf.float32),
            'image/object/bbox/xmax': tf.VarLenFeature(tf.float32),
            'image/object/bbox/ymin': tf.VarLenFeature(tf.float32),
            'image/object/bbox/ymax': tf.VarLenFeature(tf.float32),
            'image/object/class/label': tf.VarLenFeature(tf.int64),
        }

    def decode(self, tf_example_string_tensor):
        parsed = tf.parse_single_example(tf_example_string_tensor, self.keys_to_features)
        image = tf.image.decode_png(parsed['image/encoded'], channels=1)
        image.set_shape([None, None, 1])
        sides = [tf.sparse_tensor_to_dense(parsed['image/object/bbox/' + side])
                 for side in ('ymin', 'xmin', 'ymax', 'xmax')]
        boxes = tf.stack(sides, axis=1)
        classes = tf.cast(tf.sparse_tensor_to_dense(parsed['image/object/class/label']), tf.int32)
        return {
            'image': tf.cast(image, tf.float32),
            'source_id': parsed['image/source_id'],
            'groundtruth_boxes': boxes,
            'groundtruth_classes': classes,
        }
