"""Stand-in for the parts of `tf.contrib` (TF 1.0) that udc_inputs uses: `layers.real_valued_column`,
`layers.create_feature_spec_for_parsing`, `learn.ModeKeys` and `learn.io.read_batch_features`, written with the
queue API the contrib versions were built on."""
import collections
import glob
import types

import tensorflow.compat.v1 as tf

_RealValuedColumn = collections.namedtuple('_RealValuedColumn', ['column_name', 'dimension', 'dtype'])


def real_valued_column(column_name, dimension=1, dtype=tf.float32):
    return _RealValuedColumn(column_name, dimension, dtype)


def create_feature_spec_for_parsing(feature_columns):
    return {c.column_name: tf.FixedLenFeature([c.dimension], c.dtype)
            for c in sorted(feature_columns, key=lambda c: c.column_name)}


class ModeKeys(object):
    TRAIN = 'train'
    EVAL = 'eval'
    INFER = 'infer'


def read_batch_features(file_pattern, batch_size, features, reader, randomize_input=True, num_epochs=None,
                        queue_capacity=10000, num_threads=1, name=None):
    """Adds operations to read, queue, batch and parse `Example` protos."""
    with tf.name_scope(name, 'read_batch_features'):
        if isinstance(file_pattern, str):
            file_pattern = [file_pattern]
        file_names = sorted(f for p in file_pattern for f in glob.glob(p))
        file_name_queue = tf.train.string_input_producer(
            file_names, shuffle=randomize_input, num_epochs=num_epochs, seed=69, name='file_name_queue')
        _, example = reader().read(file_name_queue)
        if randomize_input:
            examples = tf.train.shuffle_batch(
                [example], batch_size, capacity=queue_capacity, min_after_dequeue=min(queue_capacity // 2, 8),
                num_threads=num_threads, seed=69, allow_smaller_final_batch=True, name='random_shuffle_queue')
        else:
            examples = tf.train.batch([example], batch_size, capacity=queue_capacity, num_threads=num_threads,
                                      allow_smaller_final_batch=True, name='fifo_queue')
        return tf.parse_example(examples, features)


layers = types.SimpleNamespace(real_valued_column=real_valued_column,
                               create_feature_spec_for_parsing=create_feature_spec_for_parsing)
learn = types.SimpleNamespace(ModeKeys=ModeKeys, io=types.SimpleNamespace(read_batch_features=read_batch_features))
