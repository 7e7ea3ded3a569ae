import tensorflow.compat.v1 as tf

from deepsea29_lib import records


def inputs(filenames, batch_size, num_epochs):
    """Reads input data num_epochs times (None: forever)."""
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
        seq, label = records.read_and_decode(filename_queue)
        seqs, labels = tf.train.batch([seq, label], batch_size=batch_size, num_threads=1,
                                      capacity=1000 + 3 * batch_size, allow_smaller_final_batch=True)
        return seqs, labels
