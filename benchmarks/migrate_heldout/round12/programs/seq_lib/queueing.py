"""Sensor sequence queueing for activity recognition: reads fixed-length sensor records, expands each into a
variable-length reading sequence, and fills a PaddingFIFOQueue through a QueueRunner."""

import tensorflow as tf

RECORD_BYTES = 8
HEADER_BYTES = 4


def read_sensor_sequence(filename_queue):
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    _, raw = reader.read(filename_queue)
    values = tf.reshape(tf.compat.v1.decode_raw(raw, tf.int32), [2])
    device_id, base = values[0], values[1]
    seq_len = device_id % 4 + 1
    readings = tf.range(seq_len) + base
    return readings, seq_len, device_id


def build_padding_queue(filename_queue, capacity=32):
    readings, seq_len, device_id = read_sensor_sequence(filename_queue)
    queue = tf.compat.v1.PaddingFIFOQueue(capacity, dtypes=[tf.int32, tf.int32, tf.int32],
                                          shapes=[[None], [], []], name="sensor_queue")
    enqueue_op = queue.enqueue([readings, seq_len, device_id])
    runner = tf.compat.v1.train.QueueRunner(queue, [enqueue_op])
    return queue, runner
