"""reader.py: the reading-data how-to's "several readers" form: `read_my_file_format(filename_queue)` and
`input_pipeline(filenames, batch_size, read_threads, num_epochs=None)` with `example_list =
[read_my_file_format(filename_queue) for _ in range(read_threads)]` into `tf.train.shuffle_batch_join`, with the
how-to's comments on `min_after_dequeue` and `capacity`. Written from knowledge of that page."""
import tensorflow.compat.v1 as tf


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader()
    _, record_string = reader.read(filename_queue)
    survey, depth, length, branches, active = tf.decode_csv(
        record_string, record_defaults=[[''], [0.0], [0.0], [0], [0]])
    processed_example = tf.stack([depth, length])
    return survey, processed_example, branches, active


def input_pipeline(filenames, batch_size, read_threads, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True, seed=77)
    example_list = [read_my_file_format(filename_queue) for _ in range(read_threads)]
    # min_after_dequeue defines how big a buffer we will randomly sample
    #   from -- bigger means better shuffling but slower start up and more
    #   memory used.
    # capacity must be larger than min_after_dequeue and the amount larger
    #   determines the maximum we will prefetch.  Recommendation:
    #   min_after_dequeue + (num_threads + a small safety margin) * batch_size
    min_after_dequeue = 6
    capacity = min_after_dequeue + 3 * batch_size
    return tf.train.shuffle_batch_join(
        example_list, batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, seed=77)
