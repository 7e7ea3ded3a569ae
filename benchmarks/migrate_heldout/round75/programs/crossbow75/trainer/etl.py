"""Extract / transform of the crossbow range reports: article text and its one-line abstract per TSV line."""
import tensorflow.compat.v1 as tf


def _parse(line):
    article, abstract = tf.decode_csv(line, record_defaults=[[''], ['']], field_delim='\t')
    article = tf.strings.regex_replace(tf.strings.lower(article), '[.,]', '')
    return article, abstract


def dataset(data_path, batch_size, num_epochs=1):
    filename_queue = tf.train.string_input_producer(tf.gfile.Glob(data_path), num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    article, abstract = _parse(line)
    return tf.train.batch([article, abstract], batch_size=batch_size, allow_smaller_final_batch=True)
