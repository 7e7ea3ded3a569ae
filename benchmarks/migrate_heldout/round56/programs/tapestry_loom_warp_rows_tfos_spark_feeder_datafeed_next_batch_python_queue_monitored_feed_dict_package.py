"""Tapestry-loom warp tension rows fed from a "Spark partition" into a TensorFlow worker.

InputMode.SPARK: an executor-side feeder thread pushes each row of the partitions into the
manager's `input` queue, then a `None`; the worker's `map_fun` pulls batches with
`TFNode.DataFeed.next_batch` and feeds them through placeholders under a
`MonitoredTrainingSession`, stopping when the feed says so.
"""
import csv
import os
import threading

import numpy
import tensorflow.compat.v1 as tf

from loom56_lib import TFManager, TFNode, marker

NAME = 'h56_tapestry_loom_warp_rows_tfos_spark_feeder_datafeed_next_batch_python_queue_monitored_feed_dict_package'
NUM_WARPS = 5


def write_partitions(root):
  if not os.path.exists(root):
    os.makedirs(root)
  rng = numpy.random.RandomState(564)
  paths = []
  for part in range(2):
    path = os.path.join(root, 'warp_rows_part%d.csv' % part)
    with open(path, 'w') as f:
      w = csv.writer(f)
      for i in range(5):
        tensions = numpy.round(rng.uniform(0.5, 3.0, size=NUM_WARPS), 3)
        weave = rng.randint(0, 3)
        w.writerow([weave] + list(tensions))
    paths.append(path)
  return paths


def feed_partitions(mgr, partitions):
  """What `TFSparkNode.train()` does per partition: put each row, then mark the partition's end."""
  queue = mgr.get_queue('input')
  for path in partitions:
    with open(path) as f:
      for row in csv.reader(f):
        queue.put((int(row[0]), [float(v) for v in row[1:]]), block=True)
    queue.put(marker.EndPartition())
  queue.put(None)


def map_fun(args, ctx):
  def feed_dict(batch):
    # Convert from [(weave, tensions)] to two numpy arrays of the proper type
    labels = []
    rows = []
    for item in batch:
      labels.append(item[0])
      rows.append(item[1])
    xs = numpy.array(rows).astype(numpy.float32)
    ys = numpy.array(labels).astype(numpy.int64)
    return (xs, ys)

  x = tf.placeholder(tf.float32, [None, NUM_WARPS], name="x")
  y_ = tf.placeholder(tf.int64, [None], name="y_")
  w = tf.Variable(tf.zeros([NUM_WARPS, 3]), name="w")
  b = tf.Variable(tf.zeros([3]), name="b")
  logits = tf.matmul(x, w) + b
  loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y_, logits=logits))
  global_step = tf.train.get_or_create_global_step()
  train_op = tf.train.AdagradOptimizer(0.01).minimize(loss, global_step=global_step)

  seen = []
  tf_feed = TFNode.DataFeed(ctx.mgr, args.mode == "train")
  hooks = [tf.train.StopAtStepHook(last_step=args.steps)]
  with tf.train.MonitoredTrainingSession(master='', is_chief=(ctx.task_index == 0),
                                         checkpoint_dir=None, hooks=hooks,
                                         save_checkpoint_secs=None, save_summaries_steps=None,
                                         log_step_count_steps=None) as mon_sess:
    step = 0
    while not mon_sess.should_stop() and not tf_feed.should_stop() and step < args.steps:
      # Run a training step asynchronously
      batch_xs, batch_ys = feed_dict(tf_feed.next_batch(args.batch_size))
      if len(batch_xs) > 0:
        _, fx, fy = mon_sess.run([train_op, x, y_], feed_dict={x: batch_xs, y_: batch_ys})
        seen.append([numpy.round(fx.astype(numpy.float64), 5).tolist(), fy.tolist()])
        step += 1
    if not tf_feed.should_stop():
      # stopped before the feed ran dry: drain what the executor still pushes
      tf_feed.terminate()
  return seen


class Args(object):
  batch_size = 4
  mode = "train"
  steps = 1000


class Ctx(object):
  task_index = 0
  mgr = None


def main(data_dir):
  partitions = write_partitions(os.path.join(data_dir, NAME))
  ctx = Ctx()
  ctx.mgr = TFManager.start(b'loom', ['input', 'output', 'error'])
  feeder = threading.Thread(target=feed_partitions, args=(ctx.mgr, partitions), name='spark-feeder')
  feeder.daemon = True
  feeder.start()
  batches = map_fun(Args, ctx)
  feeder.join()
  return {"batches": batches, "end": "warp rows: %d" % sum(len(b[1]) for b in batches)}
