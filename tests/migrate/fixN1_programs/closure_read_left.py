"""A nested function READS the pipeline's `image` (a closure, binding nothing): a true use outside the pipeline."""
import tensorflow.compat.v1 as tf


def input_fn(filename):
    def parse(serialized):
        parsed = tf.parse_single_example(serialized, {"raw": tf.FixedLenFeature([], tf.string)})
        return tf.decode_raw(parsed["raw"], tf.uint8)

    queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    image = parse(serialized)
    image.set_shape([4])

    def image_summary():
        return tf.reduce_mean(tf.cast(image, tf.float32))

    tf.summary.scalar("mean", image_summary())
    return tf.train.batch([image], batch_size=2)
