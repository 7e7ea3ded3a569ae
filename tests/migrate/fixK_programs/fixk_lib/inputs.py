"""The helper in a package module, `from tensorflow.compat.v1 import train` and `tf.compat.v1.RandomShuffleQueue`,
a docstring first in the helper, the reader read in the loop as `reader.read(...)` by a tuple target."""
import tensorflow as tf
from tensorflow.compat.v1 import train


def prefetched_rows(pattern_files, reader, readers, copies, batch_size):
    """Rows of the records of `pattern_files`, read by `readers` ops of `reader`."""
    filename_queue = train.string_input_producer(pattern_files, shuffle=True, num_epochs=1, seed=3)
    values = tf.compat.v1.RandomShuffleQueue(capacity=40, min_after_dequeue=4, dtypes=[tf.string],
                                             name="values")
    enqueues = []
    for _ in range(readers):
        key, value = reader.read(filename_queue)
        enqueues.append(values.enqueue([value]))
    train.queue_runner.add_queue_runner(train.queue_runner.QueueRunner(values, enqueues))
    joined = []
    for _ in range(copies):
        serialized = values.dequeue()
        parsed = tf.io.parse_single_example(serialized, {"id": tf.io.FixedLenFeature([], tf.int64),
                                                         "depth": tf.io.FixedLenFeature([], tf.float32)})
        joined.append({"id": parsed["id"], "depth": parsed["depth"] + 1.0})
    return train.batch_join(joined, batch_size=batch_size, capacity=64)
