"""A nested function declares `nonlocal image` and rebinds it: the pipeline's variable, shared."""
import tensorflow.compat.v1 as tf


def input_fn(filename):
    queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, {"raw": tf.FixedLenFeature([], tf.string)})
    image = tf.decode_raw(parsed["raw"], tf.uint8)
    image.set_shape([4])

    def brighten():
        nonlocal image
        image = image + 1
        return image

    tf.summary.histogram("brighter", brighten())
    return tf.train.batch([image], batch_size=2)
