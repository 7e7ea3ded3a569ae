import tensorflow.compat.v1 as tf

READ_N = 5


def read_rows(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, lines = reader.read_up_to(filename_queue, READ_N)
    user, score = tf.decode_csv(lines, record_defaults=[[""], [0]])
    return tf.string_to_hash_bucket_fast(user, 100), score + 1
