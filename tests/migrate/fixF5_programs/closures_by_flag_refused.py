"""The batch made by a nested function each branch of `if evaluate` defines again, called after the `if` on the
elements read there: no function a branch chooses is followed; refused, and the note says so."""
import tensorflow.compat.v1 as tf


def batches(files, evaluate):
    if evaluate:
        def group(x):
            return tf.train.batch([x], batch_size=2)
    else:
        def group(x):
            return tf.train.shuffle_batch([x], batch_size=2, capacity=8, min_after_dequeue=2)
    queue = tf.train.string_input_producer(files, num_epochs=1)
    _, line = tf.TextLineReader().read(queue)
    return group(tf.string_to_number(line))


def main(data_dir):
    return {"batches": [], "end": "unused", "tensors": batches([data_dir + "/none.csv"], True)}
