"""A small stand-in for `tf.contrib.learn.read_batch_examples` (contrib is gone from TensorFlow 2)."""
import tensorflow.compat.v1 as tf


def read_batch_examples(file_pattern, batch_size, reader, randomize_input=True, num_epochs=None,
                        queue_capacity=10000, num_threads=1, read_batch_size=1, parse_fn=None,
                        name=None, seed=None):
    """Adds operations to read, queue, batch `Example` protos (file names queue, reader, batch queue)."""
    with tf.name_scope(name, 'read_batch_examples'):
        if isinstance(file_pattern, list):
            file_names = file_pattern
        else:
            file_names = sorted(tf.gfile.Glob(file_pattern))
        file_name_queue = tf.train.string_input_producer(file_names, shuffle=randomize_input,
                                                         num_epochs=num_epochs, seed=seed)
        if read_batch_size > 1:
            _, examples = reader().read_up_to(file_name_queue, read_batch_size)
            enqueue_many = True
        else:
            _, examples = reader().read(file_name_queue)
            enqueue_many = False
        if parse_fn:
            examples = parse_fn(examples)
        if randomize_input:
            return tf.train.shuffle_batch([examples], batch_size, capacity=queue_capacity,
                                          min_after_dequeue=batch_size, num_threads=num_threads,
                                          enqueue_many=enqueue_many, seed=seed)
        return tf.train.batch([examples], batch_size, capacity=queue_capacity, num_threads=num_threads,
                              enqueue_many=enqueue_many)
