"""C3D-style video input: a list file of `clip_dir label` lines read by TextLineReader, decode_csv with a space
delimiter, a py_func get_frames_data loading the clip's .npy frames (first NUM_FRAMES, sorted), train.batch."""
import os

import numpy as np
import tensorflow as tf

NUM_FRAMES_PER_CLIP = 3
CROP_SIZE = 2
CHANNELS = 3


def get_frames_data(dirname, num_frames_per_clip=NUM_FRAMES_PER_CLIP):
  ''' Given a directory containing extracted frames, return a video clip of
  (num_frames_per_clip) consecutive frames as a list of np arrays '''
  dirname = dirname.decode() if isinstance(dirname, bytes) else dirname
  filenames = sorted(os.listdir(dirname))
  ret_arr = []
  for i in range(min(num_frames_per_clip, len(filenames))):
    ret_arr.append(np.load(os.path.join(dirname, filenames[i])))
  while len(ret_arr) < num_frames_per_clip:
    ret_arr.append(np.zeros_like(ret_arr[0]))
  return np.stack(ret_arr).astype(np.float32), np.int32(len(filenames))


def read_clip_and_label(filename_queue):
  reader = tf.compat.v1.TextLineReader()
  _, line = reader.read(filename_queue)
  dirname, label = tf.io.decode_csv(line, record_defaults=[[''], [0]], field_delim=' ')
  clip, n_frames = tf.compat.v1.py_func(get_frames_data, [dirname], [tf.float32, tf.int32])
  clip.set_shape([NUM_FRAMES_PER_CLIP, CROP_SIZE, CROP_SIZE, CHANNELS])
  n_frames.set_shape([])
  return clip, n_frames, label


def main(data_dir):
  root = os.path.join(data_dir, 'h32_c3d')
  rng = np.random.RandomState(3)
  lines = []
  for v in range(7):
    clip_dir = os.path.join(root, 'v_%02d' % v)
    os.makedirs(clip_dir, exist_ok=True)
    for fr in range(2 + v % 3):
      np.save(os.path.join(clip_dir, 'frame_%04d.npy' % fr),
              rng.randint(0, 256, size=(CROP_SIZE, CROP_SIZE, CHANNELS)).astype(np.uint8))
    lines.append('%s %d' % (clip_dir, v % 4))
  list_file = os.path.join(root, 'train.list')
  with open(list_file, 'w') as f:
    f.write('\n'.join(lines) + '\n')

  filename_queue = tf.compat.v1.train.string_input_producer([list_file], num_epochs=1, shuffle=False)
  clip, n_frames, label = read_clip_and_label(filename_queue)
  clips, frames, labels = tf.compat.v1.train.batch([clip, n_frames, label], batch_size=3, num_threads=1,
                                                   capacity=9, allow_smaller_final_batch=True)
  batches = []
  with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        c, n, l = sess.run([clips, frames, labels])
        batches.append([[[int(x.sum()) for x in cl], int(k), int(y)] for cl, k, y in zip(c, n, l)])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': 'clips done: %d' % sum(len(b) for b in batches)}
