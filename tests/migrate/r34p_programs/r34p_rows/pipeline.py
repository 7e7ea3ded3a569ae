"""One RowReader per read thread, built in a loop; shuffle_batch_join over them."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r34p_rows import readers


def row_batches(filenames, threads=2):
    queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = readers.reader()
    tensors = []
    for _ in range(threads):
        tensors.append(reader(10).pull(queue))
    return tf.train.shuffle_batch_join(tensors, batch_size=3, capacity=20, min_after_dequeue=5, seed=7)
