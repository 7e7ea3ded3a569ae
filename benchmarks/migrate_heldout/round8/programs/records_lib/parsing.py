"""Record parsing helpers shared by the training scripts (another module)."""
import tensorflow as tf

FEATURES = {
    "x": tf.compat.v1.FixedLenFeature([3], tf.float32),
    "label": tf.compat.v1.FixedLenFeature([], tf.int64),
}


def read_example(filename_queue):
    """Reads one serialized Example and returns it parsed, as a dict of tensors."""
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.compat.v1.parse_single_example(serialized, features=FEATURES)
    return {"x": parsed["x"], "label": parsed["label"]}
