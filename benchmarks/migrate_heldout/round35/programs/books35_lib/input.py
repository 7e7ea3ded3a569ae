import tensorflow.compat.v1 as tf

from books35_lib import config


def read_ratings(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    line = tf.regex_replace(line, '"', '')
    user, isbn, rating = tf.decode_csv(line, record_defaults=config.DEFAULTS, field_delim=';')
    return dict(zip(config.COLUMNS, [user, isbn, rating]))


def make_batch(filenames, num_epochs=1):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    row = read_ratings(filename_queue)
    row['isbn_bucket'] = tf.string_to_hash_bucket_fast(row['ISBN'], config.ISBN_BUCKETS)
    row['liked'] = tf.cast(row['Book-Rating'] >= 7, tf.int32)
    return tf.train.batch(row, batch_size=config.BATCH_SIZE, allow_smaller_final_batch=True)
