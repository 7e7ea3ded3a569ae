import tensorflow.compat.v1 as tf

from bogutil.shuffle import _shuffle

COLUMNS = ['bog', 'yield_kg', 'brix', 'variety']
DEFAULTS = [[''], [0.0], [0.0], [0]]


def read_bog_rows(filenames, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    cols = tf.decode_csv(line, record_defaults=DEFAULTS)
    row = dict(zip(COLUMNS, cols))
    row = _shuffle(row, capacity=64, min_after_dequeue=8, num_threads=2, seed=70)
    return tf.train.batch(row, batch_size=batch_size, num_threads=1, capacity=32)
