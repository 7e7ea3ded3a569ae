# -*- coding: utf-8 -*-
"""Opera surtitles: each line is a SequenceExample (token ids in the context, one tag per token)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from opera50_lib import configuration
from opera50_lib import input_ops


def write_lines(path, config):
  rng = np.random.RandomState(5013)
  writer = tf.python_io.TFRecordWriter(path)
  for k in range(8):
    n = int(rng.randint(2, 7))
    ids = [int(t) for t in rng.randint(1, 60, size=n)]
    ex = tf.train.SequenceExample()
    ex.context.feature[config.context_feature_name].int64_list.value.extend(ids)
    tags = ex.feature_lists.feature_list[config.tag_feature_name]
    for t in ids:
      tags.feature.add().int64_list.value.append(t % 3)
    writer.write(ex.SerializeToString())
  writer.close()


def main(data_dir):
  out = os.path.join(data_dir, "h50_opera_surtitles")
  if not os.path.exists(out):
    os.makedirs(out)
  config = configuration.ModelConfig()
  config.input_file_pattern = os.path.join(out, "tosca-act1-00000-of-00001")
  write_lines(config.input_file_pattern, config)

  data_files = tf.gfile.Glob(config.input_file_pattern)
  filename_queue = tf.train.string_input_producer(data_files, shuffle=False, num_epochs=1, name="filename_queue")
  input_seq, tag_seq = input_ops.parse_example_queue(filename_queue, config.context_feature_name,
                                                     config.tag_feature_name)
  queue_capacity = 2 * config.batch_size
  input_seqs, tag_seqs, mask = input_ops.batch_with_dynamic_pad(input_seq, tag_seq, config.batch_size,
                                                                queue_capacity)

  batches = []
  sess = tf.Session()
  sess.run(tf.local_variables_initializer())
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      i, t, m = sess.run([input_seqs, tag_seqs, mask])
      batches.append([i.tolist(), t.tolist(), m.tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
    coord.join(threads)
    sess.close()
  return {"batches": batches, "end": "lines: %d" % sum(len(b[0]) for b in batches)}
