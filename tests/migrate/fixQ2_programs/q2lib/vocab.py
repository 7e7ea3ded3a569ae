"""A stand-in for ``tf.contrib.lookup.index_table_from_file``, under another name."""
import tensorflow.compat.v1 as tf


def load_words(path, oov=1):
    init = tf.lookup.TextFileInitializer(path, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
                                         tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
    table = tf.lookup.StaticVocabularyTable(init, oov)
    return table


def write_words(path, words):
    with open(path, 'w') as f:
        f.write('\n'.join(words) + '\n')
