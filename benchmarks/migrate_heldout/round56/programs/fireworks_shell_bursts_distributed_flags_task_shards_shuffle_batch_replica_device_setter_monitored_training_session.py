"""Firework shell burst readings trained by a between-graph-replication script (one task here).

The shape of the distributed trainers of 2016-2017: flags for `job_name` / `task_index` /
`ps_hosts` / `worker_hosts`, a `ClusterSpec`, the graph built under `replica_device_setter`,
each worker reading its own shard of the CSV files (`files[task_index::num_workers]`) through a
`shuffle_batch`, `SyncReplicasOptimizer` with its session hook behind a `--sync_replicas` flag (off here), and a
`MonitoredTrainingSession(master=server.target, is_chief=...)` loop. Run as a single worker with no
parameter server, the master is the in-process one.
"""
import argparse
import os
import sys

import numpy as np
import tensorflow.compat.v1 as tf

NAME = 'h56_fireworks_shell_bursts_distributed_flags_task_shards_shuffle_batch_replica_device_setter_monitored_training_session'
FLAGS = None


def write_shells(root):
  if not os.path.exists(root):
    os.makedirs(root)
  rng = np.random.RandomState(567)
  n = 0
  for shard in range(3):
    with open(os.path.join(root, 'bursts-%d-of-3.csv' % shard), 'w') as f:
      for _ in range(4):
        n += 1
        calibre, height, radius = rng.uniform(50, 150), rng.uniform(80, 300), rng.uniform(20, 120)
        colour = rng.randint(0, 4)
        f.write('%d,%.1f,%.1f,%.1f,%d\n' % (n, calibre, height, radius, colour))


def input_fn(files, batch_size):
  filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=5)
  reader = tf.TextLineReader()
  _, line = reader.read(filename_queue)
  shell_id, calibre, height, radius, colour = tf.decode_csv(
      line, record_defaults=[[0], [0.0], [0.0], [0.0], [0]])
  features = tf.stack([calibre / 100.0, height / 100.0, radius / 100.0])
  return tf.train.shuffle_batch([shell_id, features, colour], batch_size=batch_size,
                                capacity=20, min_after_dequeue=4, num_threads=2, seed=5)


def main_(_):
  ps_hosts = FLAGS.ps_hosts.split(",") if FLAGS.ps_hosts else []
  worker_hosts = FLAGS.worker_hosts.split(",")
  num_workers = len(worker_hosts)

  # Create a cluster from the parameter server and worker hosts.
  spec = {"worker": worker_hosts}
  if ps_hosts:
    spec["ps"] = ps_hosts
  cluster = tf.train.ClusterSpec(spec)

  if FLAGS.job_name == "ps":
    raise SystemExit("run the ps task with server.join()")

  is_chief = (FLAGS.task_index == 0)
  files = sorted(tf.gfile.Glob(os.path.join(FLAGS.data_dir, 'bursts-*.csv')))
  my_files = files[FLAGS.task_index::num_workers]

  # Assigns ops to the local worker by default.
  with tf.device(tf.train.replica_device_setter(
      worker_device="/job:worker/task:%d" % FLAGS.task_index,
      cluster=cluster)):
    shell_ids, features, colours = input_fn(my_files, FLAGS.batch_size)
    w = tf.get_variable("w", [3, 4], initializer=tf.zeros_initializer())
    b = tf.get_variable("b", [4], initializer=tf.zeros_initializer())
    logits = tf.matmul(features, w) + b
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=colours, logits=logits))
    global_step = tf.train.get_or_create_global_step()

    opt = tf.train.GradientDescentOptimizer(FLAGS.learning_rate)
    if FLAGS.sync_replicas:
      opt = tf.train.SyncReplicasOptimizer(opt, replicas_to_aggregate=num_workers,
                                           total_num_replicas=num_workers)
    train_op = opt.minimize(loss, global_step=global_step)

  # The StopAtStepHook handles stopping after running given steps.
  hooks = [tf.train.StopAtStepHook(last_step=FLAGS.train_steps)]
  if FLAGS.sync_replicas:
    hooks.append(opt.make_session_run_hook(is_chief))

  results = []
  # The MonitoredTrainingSession takes care of session initialization,
  # restoring from a checkpoint, saving to a checkpoint, and closing when done
  # or an error occurs.
  with tf.train.MonitoredTrainingSession(master="",
                                         is_chief=is_chief,
                                         checkpoint_dir=None,
                                         hooks=hooks,
                                         save_checkpoint_secs=None,
                                         save_summaries_steps=None,
                                         log_step_count_steps=None) as mon_sess:
    while not mon_sess.should_stop():
      # Run a training step asynchronously.
      _, ids, feats, cols = mon_sess.run([train_op, shell_ids, features, colours])
      results.append([ids.tolist(), np.round(feats.astype(np.float64), 5).tolist(), cols.tolist()])
  return results


def main(data_dir):
  global FLAGS
  root = os.path.join(data_dir, NAME)
  write_shells(root)
  parser = argparse.ArgumentParser()
  parser.register("type", "bool", lambda v: v.lower() == "true")
  # Flags for defining the tf.train.ClusterSpec
  parser.add_argument("--ps_hosts", type=str, default="", help="Comma-separated list of hostname:port pairs")
  parser.add_argument("--worker_hosts", type=str, default="localhost:2223",
                      help="Comma-separated list of hostname:port pairs")
  parser.add_argument("--job_name", type=str, default="worker", help="One of 'ps', 'worker'")
  # Flags for defining the tf.train.Server
  parser.add_argument("--task_index", type=int, default=0, help="Index of task within the job")
  parser.add_argument("--batch_size", type=int, default=4)
  # one worker: the sync path is left off (its token queue keeps the session from closing here)
  parser.add_argument("--sync_replicas", type="bool", default=False)
  parser.add_argument("--learning_rate", type=float, default=0.1)
  parser.add_argument("--train_steps", type=int, default=1000)
  parser.add_argument("--data_dir", type=str, default=root)
  FLAGS, unparsed = parser.parse_known_args([])
  batches = main_([sys.argv[0]] + unparsed)
  return {"batches": batches, "end": "shells: %d" % sum(len(b[0]) for b in batches)}
