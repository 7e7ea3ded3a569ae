"""Kepler threshold-crossing events (global / local light-curve views, period, AV training label) in two TFRecord
shards; the feature spec and label map come from a ConfigDict, the flat batched dict is regrouped into a nested one, and the loop runs in
a MonitoredSession."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from astro40_lib import configdict
from astro40_lib import input_ops
from astro40_lib import records


def main(data_dir):
  root = os.path.join(data_dir, "h40_kepler_tce")
  os.makedirs(root, exist_ok=True)
  records.write_tces(os.path.join(root, "train-00000-of-00002"), [757450, 1026032, 1161345, 1432789, 1571511], 0)
  records.write_tces(os.path.join(root, "train-00001-of-00002"), [2165002, 3114167, 4150804, 5444392, 6022556], 1)

  config = configdict.base_config()
  batch = input_ops.build_input(os.path.join(root, "train-*"), config.inputs, config.batch_size)

  batches = []
  with tf.train.MonitoredSession() as sess:
    while not sess.should_stop():
      values = sess.run(batch)
      ts = values["time_series_features"]
      batches.append([
          values["kepid"].tolist(),
          values["labels"].tolist(),
          np.round(ts["global_view"].astype(np.float64), 4).tolist(),
          np.round(ts["local_view"].astype(np.float64), 4).tolist(),
          np.round(values["aux_features"]["tce_period"].astype(np.float64), 3).tolist(),
      ])
  return {"batches": batches,
          "end": "tces: %d, planet candidates: %d" % (sum(len(b[0]) for b in batches),
                                                      sum(sum(b[1]) for b in batches))}
