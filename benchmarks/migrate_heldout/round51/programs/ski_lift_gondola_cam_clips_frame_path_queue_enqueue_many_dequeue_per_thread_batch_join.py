"""Gondola cabin camera clips: each clip a list of frame PNG paths fed into a data_flow_ops
FIFOQueue, read back by one dequeue per preprocessing thread and batched by batch_join."""
import os
import random

import numpy as np
import tensorflow as tf

from tensorflow.python.ops import data_flow_ops

tf1 = tf.compat.v1

FRAMES = 3


def lines_from_file(path):
    with open(path) as f:
        return [l.strip() for l in f if l.strip()]


def _write_clips(root):
    rng = np.random.RandomState(5)
    lines = []
    with tf.Graph().as_default():
        img = tf1.placeholder(tf.uint8, [3, 3, 1])
        enc = tf.image.encode_png(img)
        with tf1.Session() as s:
            for c in range(8):
                clip_dir = os.path.join(root, 'clip%02d' % c)
                if not os.path.isdir(clip_dir):
                    os.makedirs(clip_dir)
                paths = []
                for k in range(FRAMES):
                    p = os.path.join(clip_dir, 'frame%d.png' % k)
                    arr = rng.randint(0, 255, size=(3, 3, 1)).astype(np.uint8)
                    with open(p, 'wb') as f:
                        f.write(s.run(enc, {img: arr}))
                    paths.append(p)
                lines.append(' '.join(paths) + ' %d' % (c % 2))  # 1 = cabin occupied
    with open(os.path.join(root, 'clips.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')


def input_pipeline(input_queue, batch_size=16, num_threads=8, image_size=128, shuffle=True):
    """

    Args:
        input_queue: data queue of image_paths and labels, each image_path contains a list of frame_paths
        num_threads: number of threads for preprocessing
        image_size: size of the expected output
        batch_size: size of the expected batch
        shuffle: bool to shuffle
    Returns:
        frames_batch, labels_batch
    """
    frames_and_labels = []
    for _ in range(num_threads):
        frame_paths, label = input_queue.dequeue()
        frames = []
        for i in range(FRAMES):
            file_contents = tf1.read_file(frame_paths[i])
            frame = tf.image.decode_png(file_contents, channels=1)
            frame = tf1.image.resize_images(frame, [image_size, image_size],
                                            method=tf1.image.ResizeMethod.NEAREST_NEIGHBOR)
            if shuffle:
                frame = tf.image.random_flip_left_right(frame)
            frames.append(tf.cast(frame, tf.float32) / 255.0)
        frames = tf.stack(frames)
        frames.set_shape((FRAMES, image_size, image_size, 1))
        frames_and_labels.append([frames, label, frame_paths[0]])

    frames_batch, labels_batch, first_batch = tf1.train.batch_join(
        frames_and_labels, batch_size=batch_size,
        capacity=4 * num_threads * batch_size,
        allow_smaller_final_batch=True)
    return frames_batch, labels_batch, first_batch


def main(data_dir):
    root = os.path.join(data_dir, 'h51_gondola_clips')
    if not os.path.isdir(root):
        os.makedirs(root)
    _write_clips(root)

    lines = lines_from_file(os.path.join(root, 'clips.txt'))
    random.seed(51)
    random.shuffle(lines)
    image_paths = [l.split(' ')[:FRAMES] for l in lines]
    labels = [int(l.split(' ')[-1]) for l in lines]

    paths_placeholder = tf1.placeholder(tf.string, shape=(None, FRAMES), name='image_paths')
    labels_placeholder = tf1.placeholder(tf.int64, shape=(None,), name='labels')
    input_queue = data_flow_ops.FIFOQueue(capacity=100, dtypes=[tf.string, tf.int64],
                                          shapes=[(FRAMES,), ()], shared_name=None, name=None)
    enqueue_op = input_queue.enqueue_many([paths_placeholder, labels_placeholder])
    close_op = input_queue.close()

    frames_batch, labels_batch, first_batch = input_pipeline(
        input_queue, batch_size=4, num_threads=2, image_size=2, shuffle=False)
    motion = tf.reduce_mean(tf.abs(frames_batch[:, 1:] - frames_batch[:, :-1]), axis=[1, 2, 3, 4])

    batches = []
    sess = tf1.Session()
    sess.run(tf1.global_variables_initializer())
    sess.run(enqueue_op, {paths_placeholder: image_paths, labels_placeholder: labels})
    sess.run(close_op)
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(coord=coord, sess=sess)
    try:
        while True:
            f, l, first, m = sess.run([frames_batch, labels_batch, first_batch, motion])
            batches.append([[os.path.basename(os.path.dirname(x.decode())) for x in first],
                            l.tolist(),
                            np.round(f.astype(np.float64).sum(axis=(1, 2, 3, 4)), 4).tolist(),
                            np.round(m.astype(np.float64), 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "clips: %d" % sum(len(b[0]) for b in batches)}
