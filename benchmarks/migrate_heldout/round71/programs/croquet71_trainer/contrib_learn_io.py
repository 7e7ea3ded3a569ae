# Held-out round 71 stand-in for ``tf.contrib.learn.io.read_batch_features`` (gone with tf.contrib): the same
# arguments, built from the queue-era pieces the original used -- a globbed file list in a
# ``string_input_producer``, one reader per reader thread, ``shuffle_batch_join`` / ``batch_join`` of the
# serialized records, ``parse_example`` after the batch.
import tensorflow.compat.v1 as tf


def read_batch_features(file_pattern, batch_size, features, reader,
                        randomize_input=True, num_epochs=None,
                        queue_capacity=10000, reader_num_threads=1,
                        parse_fn=None, name=None, seed=None):
    with tf.name_scope(name, 'read_batch_features'):
        files = sorted(tf.gfile.Glob(file_pattern))
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs,
                                                        shuffle=randomize_input, seed=seed)
        examples = []
        for _ in range(reader_num_threads):
            _, serialized = reader().read(filename_queue)
            examples.append([serialized])
        if randomize_input:
            batch = tf.train.shuffle_batch_join(examples, batch_size, capacity=queue_capacity,
                                                min_after_dequeue=batch_size, seed=seed)
        else:
            batch = tf.train.batch_join(examples, batch_size, capacity=queue_capacity)
        serialized_batch = batch[0] if isinstance(batch, (list, tuple)) else batch
        return tf.parse_example(serialized_batch, features)
