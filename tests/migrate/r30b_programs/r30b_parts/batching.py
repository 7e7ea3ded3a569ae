import tensorflow as tf


def shuffled_inputs(reader, files, batch_size=3):
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x, y = reader.prepare_reader(queue)
    return tf.compat.v1.train.shuffle_batch([x, y], batch_size=batch_size, capacity=20, min_after_dequeue=5,
                                            seed=7, allow_smaller_final_batch=True)
