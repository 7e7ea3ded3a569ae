import tensorflow.compat.v1 as tf

CSV_COLUMNS = ['bird', 'species', 'weight_g', 'lure_m', 'returned']
DEFAULTS = [['none'], ['hawk'], [0.0], [0.0], [0]]
LABEL_COLUMN = 'returned'
SPECIES = ['hawk', 'falcon', 'owl']


class ModeKeys(object):  # stands in for tf.estimator.ModeKeys
    TRAIN = 'train'
    EVAL = 'eval'


def read_dataset(filename, mode, batch_size=512):
    def _input_fn():
        num_epochs = 1 if mode == ModeKeys.EVAL else None
        input_file_names = tf.gfile.Glob(filename)
        filename_queue = tf.train.string_input_producer(input_file_names, num_epochs=num_epochs, shuffle=False)
        reader = tf.TextLineReader()
        _, value = reader.read(filename_queue)
        columns = tf.decode_csv(value, record_defaults=DEFAULTS)
        features = dict(zip(CSV_COLUMNS, columns))
        table = tf.constant(SPECIES)
        features['species_id'] = tf.argmax(tf.cast(tf.equal(table, features['species']), tf.int32))
        features = tf.train.batch(features, batch_size=batch_size, num_threads=1)
        label = features.pop(LABEL_COLUMN)
        return features, label
    return _input_fn
