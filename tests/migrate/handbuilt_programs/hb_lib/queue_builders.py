"""Queue builders of their own module (held-out round 12's sensor trainer): each makes a hand-built queue and
its runner from what its caller gives it, and returns them."""

import tensorflow.compat.v1 as tf

RECORD_BYTES = 8
HEADER_BYTES = 4


def read_reading(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    _, raw = reader.read(filename_queue)
    values = tf.reshape(tf.decode_raw(raw, tf.int32), [2])
    length = values[0] % 3 + 1
    sequence = tf.range(length) * 10 + values[1]
    return sequence, length


def build_padded(filename_queue, capacity=24):
    sequence, length = read_reading(filename_queue)
    queue = tf.PaddingFIFOQueue(capacity, dtypes=[tf.int32, tf.int32], shapes=[[None], []])
    runner = tf.train.QueueRunner(queue, [queue.enqueue([sequence, length])])
    return queue, runner


def row_queue(lines, capacity):
    _, line = tf.TextLineReader(skip_header_lines=1).read(lines)
    a, b, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
    queue = tf.FIFOQueue(capacity, [tf.float32, tf.int32], shapes=[[2], []])
    enqueue = queue.enqueue([tf.stack([a, b]) * 2.0, label])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue]))
    return queue
