"""Moving-MNIST style clips: a [N, T, H, W] array from `.npy`, one clip at a time by `input_producer`,
split into input and target frames."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

SEQ_LEN = 4
INPUT_FRAMES = 2


def load_sequences(path):
    clips = np.load(path)
    return clips.astype(np.float32) / 255.0


def main(data_dir):
    root = os.path.join(data_dir, 'h35_movingmnist')
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(35)
    np.save(os.path.join(root, 'mnist_test_seq.npy'), rng.randint(0, 255, size=(6, SEQ_LEN, 3, 3)).astype(np.uint8))
    clips = load_sequences(os.path.join(root, 'mnist_test_seq.npy'))
    clip = tf.train.input_producer(tf.constant(clips), element_shape=[SEQ_LEN, 3, 3],
                                   num_epochs=1, shuffle=False, capacity=8).dequeue()
    inputs = clip[:INPUT_FRAMES]
    targets = clip[INPUT_FRAMES:]
    inputs = tf.expand_dims(inputs, -1)
    in_batch, tgt_batch = tf.train.batch([inputs, targets], batch_size=2, capacity=8)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while True:
            x, y = sess.run([in_batch, tgt_batch])
            batches.append([np.round(x, 4).tolist(), np.round(y, 4).tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        print('clips done after %d steps' % step)
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "clip steps: %d" % step}
