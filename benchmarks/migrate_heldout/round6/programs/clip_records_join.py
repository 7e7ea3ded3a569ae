"""A training script whose input comes from `clip_lib.clip_input.input_pipeline` (another module): readers
of one filename queue joined by `shuffle_batch_join`, built inside an open session (the pipeline runs the
local-variables initializer through `tf.get_default_session()`). Runs until the epochs end.
"""

import glob
import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clip_lib import clip_input  # noqa: E402

BATCH_SIZE = 12


def main(data_dir):
  filenames = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
  assert filenames, 'no records under %s' % data_dir
  batches = []
  end = None
  with tf.Session() as sess:
    clips, img_masks, loss_masks = clip_input.input_pipeline(
        filenames, BATCH_SIZE, read_threads=clip_input.FLAGS.read_threads)
    # the model would consume the clips here
    clips_2d = tf.squeeze(clips, axis=[2])
    sess.run(tf.global_variables_initializer())

    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
      while not coord.should_stop():
        c, m, l = sess.run([clips_2d, img_masks, loss_masks])
        batches.append([c.tolist(), m.tolist(), l.tolist()])
        step += 1
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
      tf.logging.info('Done training for %d epochs, %d steps.', clip_input.FLAGS.num_epochs, step)
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": end}
