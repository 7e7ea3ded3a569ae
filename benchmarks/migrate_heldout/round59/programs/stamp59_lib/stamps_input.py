import tensorflow as tf

CSV_COLUMNS = ['catalogue_no', 'country', 'year', 'face_value', 'perforation']
CSV_DEFAULTS = [[0], [''], [0], [0.0], [0.0]]


def read_stamp(filename_queue):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    cat_no, country, year, face_value, perf = tf.compat.v1.decode_csv(line, record_defaults=CSV_DEFAULTS)
    decade = year // 10 * 10
    return [cat_no, country, decade, tf.stack([face_value, perf])]


def test_batcher(csv_file, batch_size):
    filename_queue = tf.compat.v1.train.string_input_producer([csv_file], shuffle=False)
    example = read_stamp(filename_queue)
    return tf.compat.v1.train.batch(example, batch_size=batch_size, num_threads=1, capacity=4 * batch_size)
