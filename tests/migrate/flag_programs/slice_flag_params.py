"""`slice_input_producer` with `shuffle=shuffle` and `num_epochs=None if training else 1` from the function's
parameters, a helper building the batch, the eval call in order and a training call run for a fixed number of
steps (its batch sizes and that every row is a table row); `import tensorflow as tf` with `tf.compat.v1`."""

import tensorflow as tf

v1 = tf.compat.v1
IMAGES = [[float(i), float(i) / 2] for i in range(30)]
LABELS = [i % 3 for i in range(30)]


def input_fn(training, shuffle, batch_size):
    image, label = v1.train.slice_input_producer([tf.constant(IMAGES), tf.constant(LABELS)], shuffle=shuffle,
                                                 num_epochs=None if training else 1, seed=11)
    return v1.train.batch([image, label], batch_size=batch_size)


def main(data_dir):
    evaluation = input_fn(False, False, 4)
    training = input_fn(True, True, 6)
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        steps = [sess.run(training) for _ in range(12)]
        try:
            while True:
                images, labels = sess.run(evaluation)
                batches.append([images.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    known = {(tuple(i), l) for i, l in zip(IMAGES, LABELS)}
    batches.append([[len(i) for i, _ in steps], all((tuple(r), l) in known for i, ls in steps
                                                    for r, l in zip(i.tolist(), ls.tolist()))])
    return {'batches': batches, 'end': end}
