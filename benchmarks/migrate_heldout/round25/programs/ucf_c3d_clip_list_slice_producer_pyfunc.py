"""C3D-style clip list ("video_dir start label" lines), several tensors sliced by slice_input_producer, the
frames of each clip read by a py_func, shuffle_batch with two threads."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

CLIP_LENGTH = 3
CROP_SIZE = 2
NUM_FRAMES_PER_VIDEO = 5


def write_data(root):
    os.makedirs(root, exist_ok=True)
    lines = []
    for v, cls in enumerate(['ApplyEyeMakeup', 'Archery', 'Basketball']):
        video_dir = os.path.join(root, 'frames', 'v_%s_g01_c01' % cls)
        os.makedirs(video_dir, exist_ok=True)
        for f in range(NUM_FRAMES_PER_VIDEO):
            with open(os.path.join(video_dir, '%05d.bin' % f), 'wb') as out:
                out.write(bytes([(v * 50 + f * 4 + p) % 256 for p in range(CROP_SIZE * CROP_SIZE)]))
        for start in (0, 2):
            lines.append('%s %d %d' % (video_dir, start, v))
    list_file = os.path.join(root, 'train.list')
    with open(list_file, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return list_file


def read_clip_list(filename):
    dirs, starts, labels = [], [], []
    with open(filename) as f:
        for line in f:
            video_dir, start, label = line.strip('\n').split()
            dirs.append(video_dir)
            starts.append(int(start))
            labels.append(int(label))
    return dirs, starts, labels


def _read_frames(video_dir, start):
    video_dir = video_dir.decode()
    frames = []
    for i in range(start, start + CLIP_LENGTH):
        with open(os.path.join(video_dir, '%05d.bin' % i), 'rb') as f:
            frames.append(np.frombuffer(f.read(), np.uint8).reshape(CROP_SIZE, CROP_SIZE))
    return np.stack(frames).astype(np.int32)


def clip_inputs(list_file, batch_size, num_epochs=1):
    dirs, starts, labels = read_clip_list(list_file)
    video_dir, start, label = tf.train.slice_input_producer(
        [tf.constant(dirs), tf.constant(starts), tf.constant(labels)],
        num_epochs=num_epochs, shuffle=True, seed=11)
    clip = tf.py_func(_read_frames, [video_dir, start], tf.int32)
    clip.set_shape([CLIP_LENGTH, CROP_SIZE, CROP_SIZE])
    return tf.train.shuffle_batch([clip, label, start], batch_size=batch_size, num_threads=2,
                                  capacity=10, min_after_dequeue=2)


def main(data_dir):
    list_file = write_data(os.path.join(data_dir, 'h25_ucf_c3d_clip_list_slice_producer_pyfunc'))
    clips, labels, starts = clip_inputs(list_file, batch_size=2)
    clip_mean = tf.reduce_mean(tf.cast(clips, tf.float32), axis=[1, 2, 3])

    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, l, s, m = sess.run([clips, labels, starts, clip_mean])
                batches.append([c.tolist(), l.tolist(), s.tolist(), m.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
