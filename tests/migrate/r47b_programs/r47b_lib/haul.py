import tensorflow.compat.v1 as tf


def get_example(filename_queue):
    class Example(object):
        pass

    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    boat, count = tf.decode_csv(line, record_defaults=[[""], [0]])
    example = Example()
    example.boat = boat
    example.count = count * 2
    return example


def get_batch(example, batch_size, shuffle):
    threads = 1
    if shuffle:
        boats, counts = tf.train.shuffle_batch([example.boat, example.count], batch_size=batch_size,
                                               num_threads=threads, capacity=20, min_after_dequeue=4, seed=3)
    else:
        boats, counts = tf.train.batch([example.boat, example.count], batch_size=batch_size,
                                       num_threads=threads, capacity=20)
    return boats, counts


def inputs(filename, batch_size, shuffle):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    example = get_example(filename_queue)
    return get_batch(example, batch_size, shuffle=shuffle)
