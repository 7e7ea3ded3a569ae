"""Stand-in for ``tf.contrib.lookup.index_table_from_file`` (gone with ``tf.contrib``): one id per line of the
vocabulary file, out-of-vocabulary words hashed into ``num_oov_buckets`` ids after it."""
import tensorflow.compat.v1 as tf


def index_table_from_file(vocabulary_file, num_oov_buckets=1):
    init = tf.lookup.TextFileInitializer(vocabulary_file, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
                                         tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
    return tf.lookup.StaticVocabularyTable(init, num_oov_buckets)
