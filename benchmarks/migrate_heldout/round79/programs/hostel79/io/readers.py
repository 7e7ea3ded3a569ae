"""Batch readers of the booking TFRecords."""
import tensorflow.compat.v1 as tf

from hostel79.io import schema as schema_lib


def make_batch(file_pattern, schema, batch_size, num_readers=2, num_epochs=None, seed=None):
    files = tf.gfile.Glob(file_pattern)
    with tf.name_scope('booking_reader'):
        filename_queue = tf.train.string_input_producer(sorted(files), num_epochs=num_epochs,
                                                        shuffle=True, seed=seed)
        serialized = []
        for _ in range(num_readers):
            reader = tf.TFRecordReader()
            _, value = reader.read(filename_queue)
            serialized.append([value])
        batch = tf.train.shuffle_batch_join(serialized, batch_size=batch_size,
                                            capacity=20 * batch_size, min_after_dequeue=2 * batch_size,
                                            seed=seed)
        return tf.parse_example(batch[0] if isinstance(batch, list) else batch,
                                features=schema_lib.feature_spec(schema))
