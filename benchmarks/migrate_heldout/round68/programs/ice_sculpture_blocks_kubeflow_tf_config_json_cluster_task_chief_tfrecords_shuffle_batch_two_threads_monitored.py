#!/usr/bin/env python
"""Ice-sculpture festival: block records of the carving teams.

Written as a Kubeflow TFJob worker (tf-operator `dist_mnist`-style): the
cluster and the task come from the TF_CONFIG environment variable; when it is
absent the job runs locally as a single chief.
"""
import argparse
import json
import os

import numpy as np
import tensorflow.compat.v1 as tf

parser = argparse.ArgumentParser()
parser.add_argument("--data_dir", default="/tmp/ice", help="Directory for the block records")
parser.add_argument("--batch_size", type=int, default=4, help="Training batch size")
parser.add_argument("--train_steps", type=int, default=200, help="Number of training steps")
parser.add_argument("--num_threads", type=int, default=2)
FLAGS, _unparsed = parser.parse_known_args([])


def parse_tf_config():
  """Parses the TF_CONFIG set by the tf-operator."""
  tf_config = os.environ.get("TF_CONFIG", "{}")
  tf_config_json = json.loads(tf_config)
  cluster = tf_config_json.get("cluster")
  job_name = tf_config_json.get("task", {}).get("type")
  task_index = tf_config_json.get("task", {}).get("index")
  return cluster, job_name, task_index


def write_blocks(data_dir):
  if not os.path.exists(data_dir):
    os.makedirs(data_dir)
  rng = np.random.RandomState(3068)
  path = os.path.join(data_dir, "blocks.tfrecords")
  with tf.python_io.TFRecordWriter(path) as writer:
    for i in range(12):
      dims = [float(rng.randint(40, 120)) for _ in range(3)]
      clarity = ["clear", "white", "snow"][int(rng.randint(0, 3))]
      ex = tf.train.Example(features=tf.train.Features(feature={
          "block_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
          "team": tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 4])),
          "clarity": tf.train.Feature(bytes_list=tf.train.BytesList(value=[clarity.encode()])),
          "dims_cm": tf.train.Feature(float_list=tf.train.FloatList(value=dims)),
      }))
      writer.write(ex.SerializeToString())
  return path


def read_blocks(filename_queue):
  reader = tf.TFRecordReader()
  _, serialized = reader.read(filename_queue)
  features = tf.parse_single_example(serialized, features={
      "block_id": tf.FixedLenFeature([], tf.int64),
      "team": tf.FixedLenFeature([], tf.int64),
      "clarity": tf.FixedLenFeature([], tf.string),
      "dims_cm": tf.FixedLenFeature([3], tf.float32),
  })
  # ice weighs about 0.917 g per cubic centimetre
  mass_kg = tf.reduce_prod(features["dims_cm"]) * 0.917 / 1000.0
  return features["block_id"], features["team"], features["clarity"], mass_kg


def main(data_dir):
  FLAGS.data_dir = os.path.join(data_dir, "h68_ice_sculpture")
  path = write_blocks(FLAGS.data_dir)

  cluster, job_name, task_index = parse_tf_config()
  if cluster is None:
    # Running locally: a single chief, no parameter servers.
    target = ""
    is_chief = True
    device_fn = None
  else:
    cluster_spec = tf.train.ClusterSpec(cluster)
    server = tf.train.Server(cluster_spec, job_name=job_name, task_index=task_index)
    if job_name == "ps":
      server.join()
    target = server.target
    is_chief = (job_name == "master") or (job_name == "chief") or task_index == 0
    device_fn = tf.train.replica_device_setter(
        worker_device="/job:%s/task:%d" % (job_name, task_index), cluster=cluster_spec)

  with tf.device(device_fn):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    block_id, team, clarity, mass = read_blocks(filename_queue)
    ids, teams, clarities, masses = tf.train.shuffle_batch(
        [block_id, team, clarity, mass], batch_size=FLAGS.batch_size,
        capacity=4 * FLAGS.batch_size, min_after_dequeue=FLAGS.batch_size,
        num_threads=FLAGS.num_threads, seed=68)
    global_step = tf.train.get_or_create_global_step()
    train_op = tf.assign_add(global_step, 1)

  hooks = [tf.train.StopAtStepHook(last_step=FLAGS.train_steps)]
  batches = []
  with tf.train.MonitoredTrainingSession(master=target, is_chief=is_chief,
                                         checkpoint_dir=None, hooks=hooks) as sess:
    while not sess.should_stop():
      _, i, t, c, m = sess.run([train_op, ids, teams, clarities, masses])
      batches.append([i.tolist(), t.tolist(), [s.decode() for s in c],
                      np.round(m, 2).tolist()])
  return {"batches": batches, "end": "blocks: %d" % sum(len(b[0]) for b in batches)}
