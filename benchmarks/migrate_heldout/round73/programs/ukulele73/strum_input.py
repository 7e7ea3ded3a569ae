"""The reading-data template: read_my_file_format / some_processing / input_pipeline."""
import tensorflow.compat.v1 as tf

RECORD_FLOATS = 4
LABEL_BYTES = 1


def some_processing(example):
    return example / 10.0


def read_my_file_format(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=LABEL_BYTES + RECORD_FLOATS * 4)
    key, record_string = reader.read(filename_queue)
    raw = tf.decode_raw(record_string, tf.uint8)
    label = tf.cast(raw[0], tf.int32)
    example = tf.bitcast(tf.reshape(raw[LABEL_BYTES:], [RECORD_FLOATS, 4]), tf.float32)
    processed_example = some_processing(example)
    return processed_example, label


def input_pipeline(filenames, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer(
        filenames, num_epochs=num_epochs, shuffle=True, seed=3)
    example, label = read_my_file_format(filename_queue)
    # min_after_dequeue: how big a buffer we randomly sample from
    min_after_dequeue = 6
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch(
        [example, label], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, seed=5)
    return example_batch, label_batch
