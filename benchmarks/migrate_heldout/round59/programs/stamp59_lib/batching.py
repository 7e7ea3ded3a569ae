import tensorflow as tf


def single_pass(source_batcher, num_batches, name):
    """ This method will make sure that we can make one pass over test or validation set. Assumptions:
    1) number of examples are divisible by batch size.
    2) the source batcher is not shuffled.

    Input is a source batcher. It can be output of tf.train.batch.
    the second argumant is the total number of batches.

    Output is the same batcher as well as a boolean tensor that is true on the last batch of a pass.
    """
    with tf.compat.v1.variable_scope(name):
        counter = tf.compat.v1.get_variable('batch_counter', shape=[], dtype=tf.int64,
                                            initializer=tf.zeros_initializer(),
                                            trainable=False,
                                            collections=[tf.compat.v1.GraphKeys.LOCAL_VARIABLES])
        with tf.control_dependencies([t for t in source_batcher]):
            count = tf.compat.v1.assign_add(counter, 1)
        is_last = tf.equal(tf.math.floormod(count, num_batches), 0)
        outputs = [tf.identity(t) for t in source_batcher]
    return outputs, is_last
