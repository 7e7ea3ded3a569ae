"""Court transcript line images: a CIFAR-10-derived `ocr_input` module (record class,
`_generate_image_and_label_batch`, `inputs(eval_data, data_dir, batch_size)`) in eval mode
(package)."""
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from court51_lib import ocr_input

LINES = ['THE', 'COURT', 'SUSTAI', 'OVERRU', 'NO', 'YES', 'RECESS']
SPEAKERS = ['JUDGE', 'JUDGE', 'JUDGE', 'JUDGE', '', 'WITNES', 'JUDGE']


def _codes(text):
  c = [ord(ch) for ch in text[:ocr_input.MAX_CHARS]]
  return c + [0] * (ocr_input.MAX_CHARS - len(c))


def _write(root):
  rng = np.random.RandomState(41)
  parts = [('test_0.tfrecords', range(0, 4)), ('test_1.tfrecords', range(4, 7))]
  for name, idx in parts:
    with tf.io.TFRecordWriter(os.path.join(root, name)) as w:
      for i in idx:
        img = rng.randint(0, 255, size=(3, 8, 1)).astype(np.uint8)
        feat = {
            'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
            'label': tf.train.Feature(int64_list=tf.train.Int64List(value=_codes(LINES[i]))),
        }
        if SPEAKERS[i]:
          feat['speaker'] = tf.train.Feature(bytes_list=tf.train.BytesList(
              value=[SPEAKERS[i].encode()]))
        w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())


def main(data_dir):
  root = os.path.join(data_dir, 'h51_transcript_lines')
  if not os.path.isdir(root):
    os.makedirs(root)
  _write(root)

  images, labels, speakers = ocr_input.inputs(eval_data=True, data_dir=root, batch_size=3)
  num_iter = int(np.ceil(ocr_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL / 3.0))

  batches = []
  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    try:
      threads = []
      for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
        threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
      step = 0
      while step < num_iter and not coord.should_stop():
        im, lab, spk = sess.run([images, labels, speakers])
        text = [''.join(chr(c) for c in row if c) for row in lab]
        batches.append([text, [s.decode() for s in spk],
                        np.round(im.astype(np.float64).sum(axis=(1, 2, 3)), 4).tolist()])
        step += 1
    except Exception as e:  # pylint: disable=broad-except
      coord.request_stop(e)
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=10)
  return {"batches": batches, "end": "lines: %d" % sum(len(b[0]) for b in batches)}
