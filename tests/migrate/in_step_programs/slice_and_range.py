"""A slice producer unpacked into two names and a range producer dequeued inline, of different lengths and
epochs (the shorter stream ends the data), per-element code over both, a keyword `batch` that keeps the
smaller final batch; `import tensorflow.compat.v1 as tf`, a helper that builds the pipeline."""

import tensorflow.compat.v1 as tf

VALUES = [float(v) for v in range(50)]


def make_batches(batch_size, epochs):
    value, square = tf.train.slice_input_producer(
        [tf.constant(VALUES), tf.constant([v * v for v in VALUES])], num_epochs=epochs, shuffle=False)
    step = tf.train.range_input_producer(37, shuffle=False).dequeue()
    scaled = value * tf.cast(step, tf.float32)
    return tf.train.batch(tensors=[scaled, square, step], batch_size=batch_size,
                          allow_smaller_final_batch=True)


def main(data_dir):
    fetch = make_batches(8, 2)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append([a.tolist() for a in sess.run(fetch)])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
