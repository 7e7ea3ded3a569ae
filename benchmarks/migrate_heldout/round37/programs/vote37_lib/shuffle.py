import tensorflow.compat.v1 as tf

############################################################
#  Data Shuffle
############################################################


def _shuffle(inputs, capacity=2000, min_after_dequeue=40, num_threads=16):
    """
    This function provide a manual shuffle method for tf.train.batch
    assert inputs have same data type
    """
    if isinstance(inputs, dict):
        names, dtypes = zip(*[(key, input_.dtype) for key, input_ in inputs.items()])
    else:
        dtypes = [input_.dtype for input_ in inputs]

    queue = tf.RandomShuffleQueue(
        capacity,
        min_after_dequeue,
        dtypes,
        **({'names': names} if isinstance(inputs, dict) else {}))

    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue(inputs)] * num_threads))

    shuffled_inputs = queue.dequeue()
    if isinstance(inputs, dict):
        for key in inputs:
            shuffled_inputs[key].set_shape(inputs[key].get_shape())
    else:
        for tensor, shuffled in zip(inputs, shuffled_inputs):
            shuffled.set_shape(tensor.get_shape())
    return shuffled_inputs
