"""Lava-lamp blob clips read like cross_conv's eval.py reads its moving-object sequences: a params dict, reader.ReadInput
over tf.SequenceExample records (the source's `feature_sepc` spelling kept), an unshuffled `train.batch` with
several threads, the batch divided by `norm_scale`, then SequenceToImageAndDiff."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from xconv66_lib import reader

FLAGS_data_filepattern = 'lava-*.tfrecord'


def _write_clips(out_dir, num_clips=8, seq_len=3, image_size=2):
  rng = np.random.RandomState(660)
  for shard in range(2):
    writer = tf.python_io.TFRecordWriter(os.path.join(out_dir, 'lava-%d.tfrecord' % shard))
    for clip in range(shard, num_clips, 2):
      ex = tf.train.SequenceExample()
      ex.context.feature['clip'].int64_list.value.append(clip)
      frames = ex.feature_lists.feature_list['moving_objs']
      base = rng.randint(0, 256, size=image_size * image_size * 3)
      for t in range(seq_len):
        frame = (base + 17 * t * (clip + 1)) % 256
        frames.feature.add().float_list.value.extend(frame.astype(np.float32).tolist())
      writer.write(ex.SerializeToString())
    writer.close()


def main(data_dir):
  out_dir = os.path.join(data_dir, 'h66_lava_lamp')
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  _write_clips(out_dir)

  params = dict()
  params['batch_size'] = 2
  params['seq_len'] = 3
  params['image_size'] = 2
  params['norm_scale'] = 255.0
  params['scale'] = 1.0
  params['num_epochs'] = 1

  images = reader.ReadInput(os.path.join(out_dir, FLAGS_data_filepattern), shuffle=False, params=params)
  images *= params['scale']
  # Increase the value makes training much faster.
  image_diff_list = reader.SequenceToImageAndDiff(images)
  _, diffs = image_diff_list[-1]
  energy = tf.reduce_sum(tf.abs(diffs), axis=[1, 2, 3])
  energy = tf.transpose(tf.reshape(energy, [params['seq_len'] - 1, params['batch_size']]))

  sess = tf.Session()
  sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  batches = []
  try:
    while not coord.should_stop():
      np_images, np_energy = sess.run([images, energy])
      batches.append([np.round(np_images, 4).tolist(), np.round(np_energy, 4).tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {'batches': batches, 'end': 'clips: %d' % sum(len(b[0]) for b in batches)}
