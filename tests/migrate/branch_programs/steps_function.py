"""Both batches inside the branches of ``if use_state:`` / ``else:`` at function level, the reader and a
per-time-step loop before the ``if`` (the video-prediction shape): each branch returns its own batch; one call
of each branch in one graph."""

import os

import tensorflow.compat.v1 as tf

STATE_DIM = 3


def build(files, steps, use_state):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    frames, states = [], []
    for i in range(steps):
        parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([STATE_DIM], tf.float32)})
        frames.append(parsed['x'] + float(i))
        if use_state:
            states.append(tf.reshape(parsed['x'] * 2.0, [1, STATE_DIM]))
    frames = tf.stack(frames)
    if use_state:
        states = tf.concat(axis=0, values=states)
        [image_batch, state_batch] = tf.train.batch([frames, states], 5, capacity=50)
        return image_batch, state_batch
    else:
        image_batch = tf.train.batch([frames], 5, capacity=50)
        zeros = tf.zeros([5, steps, STATE_DIM])
        return image_batch, zeros


def main(data_dir):
    with_state = build([os.path.join(data_dir, 'records-0.tfrecord')], 2, True)
    without = build([os.path.join(data_dir, 'records-1.tfrecord')], 3, False)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                a, b, c, d = sess.run([*with_state, *without])
                batches.append([a.tolist(), b.tolist(), c.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
