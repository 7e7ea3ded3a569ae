"""The sensor pipeline: a helper reads one CSV column file; the mode picks the columns batched."""
import tensorflow.compat.v1 as tf


def read_column(path, width):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    return tf.stack(tf.decode_csv(line, record_defaults=[[0]] * width))


def sensor_batch(path, other_path, mode):
    raw = read_column(path, 2)
    row = [raw]
    if mode == "scaled":
        row.append(raw * 100)
        other = read_column(other_path, 1)
        row.append(other[0])
    elif mode == "summed":
        row.append(tf.reduce_sum(raw))
    else:
        row += [raw]
    return tf.train.batch(row, batch_size=2, num_threads=1)
