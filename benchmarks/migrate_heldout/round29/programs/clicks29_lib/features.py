import tensorflow.compat.v1 as tf

FEATURE_SPEC = {
    'user': tf.FixedLenFeature([], tf.int64),
    'clicked_items': tf.VarLenFeature(tf.int64),
    'dwell': tf.FixedLenFeature([], tf.float32, default_value=0.0),
}


def make_example(user, items, dwell=None):
    feature = {
        'user': tf.train.Feature(int64_list=tf.train.Int64List(value=[user])),
        'clicked_items': tf.train.Feature(int64_list=tf.train.Int64List(value=items)),
    }
    if dwell is not None:
        feature['dwell'] = tf.train.Feature(float_list=tf.train.FloatList(value=[dwell]))
    return tf.train.Example(features=tf.train.Features(feature=feature))


def read_session(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    return tf.parse_single_example(serialized, features=FEATURE_SPEC)
