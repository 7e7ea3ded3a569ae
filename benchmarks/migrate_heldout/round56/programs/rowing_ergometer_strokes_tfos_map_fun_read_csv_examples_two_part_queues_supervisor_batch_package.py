"""Rowing-ergometer stroke profiles classified by crew seat, TensorFlowOnSpark style.

`row56_lib/erg_dist.py` holds `map_fun(args, ctx)` as the grid runs it on each executor; here one
worker is started by hand with a small context object (no Spark on this machine). Stroke force
curves and one-hot seat labels sit in separate `part-NNNNN` CSV folders, as `saveAsTextFile`
leaves them, and are read by two lock-step producers.
"""
import argparse
import os

import numpy as np

from row56_lib import erg_dist

NAME = 'h56_rowing_ergometer_strokes_tfos_map_fun_read_csv_examples_two_part_queues_supervisor_batch_package'


class TFNodeContext(object):
  """The slice of TFoS's node context map_fun reads."""

  def __init__(self, worker_num, job_name, task_index, cluster_spec, server_target=''):
    self.worker_num = worker_num
    self.job_name = job_name
    self.task_index = task_index
    self.cluster_spec = cluster_spec
    self.server_target = server_target


def write_parts(root):
  rng = np.random.RandomState(563)
  for sub in ('csv/train/strokes', 'csv/train/labels'):
    d = os.path.join(root, sub)
    if not os.path.exists(d):
      os.makedirs(d)
  for part in range(2):
    with open(os.path.join(root, 'csv/train/strokes', 'part-%05d' % part), 'w') as fs, \
         open(os.path.join(root, 'csv/train/labels', 'part-%05d' % part), 'w') as fl:
      for i in range(6):
        force = rng.randint(0, 256, size=erg_dist.STROKE_COLS)
        seat = rng.randint(0, erg_dist.NUM_CLASSES)
        fs.write(','.join(str(v) for v in force) + '\n')
        fl.write(','.join('1' if c == seat else '0' for c in range(erg_dist.NUM_CLASSES)) + '\n')


def main(data_dir):
  root = os.path.join(data_dir, NAME)
  write_parts(root)
  parser = argparse.ArgumentParser()
  parser.add_argument("--batch_size", help="number of records per batch", type=int, default=4)
  parser.add_argument("--epochs", help="number of epochs", type=int, default=1)
  parser.add_argument("--images", help="HDFS path to stroke files in parallelized format", default='csv/train/strokes')
  parser.add_argument("--labels", help="HDFS path to seat labels in parallelized format", default='csv/train/labels')
  parser.add_argument("--mode", help="train|inference", default="train")
  parser.add_argument("--steps", help="maximum number of steps", type=int, default=1000)
  parser.add_argument("--data_dir", default=root)
  args = parser.parse_args([])

  ctx = TFNodeContext(0, 'worker', 0, {'worker': ['localhost:2222']})
  batches, steps_run = erg_dist.map_fun(args, ctx)
  return {"batches": batches, "end": "strokes: %d, steps run: %d" % (sum(len(b[0]) for b in batches), steps_run)}
