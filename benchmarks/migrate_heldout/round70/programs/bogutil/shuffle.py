import tensorflow.compat.v1 as tf

############################################################
#  Data Shuffle
############################################################


def _shuffle(inputs, capacity=2000, min_after_dequeue=40, num_threads=16, seed=None):
    """
    A manual shuffle for tf.train.batch: a RandomShuffleQueue fed by num_threads copies of one enqueue op.
    All inputs must be of the same rank as given (dicts keep their keys).
    """
    if isinstance(inputs, dict):
        names, dtypes = zip(*[(key, input_.dtype) for key, input_ in inputs.items()])
    else:
        dtypes = [input_.dtype for input_ in inputs]

    queue = tf.RandomShuffleQueue(
        capacity,
        min_after_dequeue,
        dtypes,
        **({'names': names} if isinstance(inputs, dict) else {}),
        seed=seed)

    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue(inputs)] * num_threads))

    shuffled_inputs = queue.dequeue()
    if isinstance(inputs, dict):
        for key, input_ in inputs.items():
            shuffled_inputs[key].set_shape(input_.get_shape())
    else:
        for shuffled, input_ in zip(shuffled_inputs, inputs):
            shuffled.set_shape(input_.get_shape())
    return shuffled_inputs
