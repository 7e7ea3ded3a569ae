"""Raw rollouts of an Acrobot swing-up expert, captured to TFRecords and read back for behaviour cloning.

The capture half follows a "run the env and store the observed games" script (argparse, a seeded
session); the reading half a "datasets that come from raw rollouts" module: one Example per rollout,
every field a VarLenFeature.
"""

import argparse
import os

import numpy as np
import tensorflow as tf

_TFRECORDS_PATTERN = None  # set by main: <data>/raw_rollouts.tfrecord*
OBS_DIM = 4


def capture(savefile, args):
  """Captures the transitions in episodes and writes them to disk."""
  rng = np.random.RandomState(args.seed)
  lengths = [3, 5, 4, 2, 6, 4]
  shard = 0
  writer = None
  for ep, n in enumerate(lengths):
    if ep % 3 == 0:
      if writer is not None:
        writer.close()
      writer = tf.io.TFRecordWriter('%s-%05d' % (savefile, shard))
      shard += 1
    obs = np.round(rng.uniform(-1, 1, size=(n, OBS_DIM)), 2).astype(np.float32)
    actions = np.round(rng.uniform(-1, 1, size=(n,)), 2).astype(np.float32)
    rewards = np.where(obs[:, 0] > 0.5, 0.0, -1.0).astype(np.float32)
    example = tf.train.Example(features=tf.train.Features(feature={
        'observations': tf.train.Feature(float_list=tf.train.FloatList(value=obs.ravel())),
        'actions': tf.train.Feature(float_list=tf.train.FloatList(value=actions)),
        'rewards': tf.train.Feature(float_list=tf.train.FloatList(value=rewards)),
        'episode': tf.train.Feature(int64_list=tf.train.Int64List(value=[ep])),
    }))
    writer.write(example.SerializeToString())
  writer.close()


def get_raw_rollouts(shuffle_files=True):
  files = tf.compat.v1.matching_files(_TFRECORDS_PATTERN)
  if shuffle_files:
    files = tf.compat.v1.random_shuffle(files)

  def parse_fn(x):
    features = {
        'observations': tf.compat.v1.VarLenFeature(tf.float32),
        'actions': tf.compat.v1.VarLenFeature(tf.float32),
        'rewards': tf.compat.v1.VarLenFeature(tf.float32),
        'episode': tf.compat.v1.FixedLenFeature([], tf.int64),
    }
    return tf.compat.v1.parse_single_example(x, features)

  filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
  reader = tf.compat.v1.TFRecordReader()
  _, serialized = reader.read(filename_queue)
  rollout = parse_fn(serialized)

  observations = tf.reshape(tf.sparse.to_dense(rollout['observations']), [-1, OBS_DIM])
  actions = tf.sparse.to_dense(rollout['actions'])
  rewards = tf.sparse.to_dense(rollout['rewards'])
  length = tf.shape(actions)[0]
  return rollout['episode'], observations, actions, rewards, length


def main(data_dir):
  global _TFRECORDS_PATTERN
  folder = os.path.join(data_dir, 'h67_acrobot')
  os.makedirs(folder, exist_ok=True)
  parser = argparse.ArgumentParser()
  parser.add_argument('--maxsteps', type=int, default=6000000)
  parser.add_argument('--seed', type=int, default=67)
  parser.add_argument('--savefile', type=str, default='raw_rollouts.tfrecord')
  args = parser.parse_args([])  # pylint: disable=unused-variable
  capture(os.path.join(folder, args.savefile), args)
  _TFRECORDS_PATTERN = os.path.join(folder, 'raw_rollouts.tfrecord*')

  episode, observations, actions, rewards, length = get_raw_rollouts(shuffle_files=False)
  batch = tf.compat.v1.train.batch([episode, observations, actions, rewards, length],
                                   batch_size=2, num_threads=1, capacity=8, dynamic_pad=True)

  tf_config = tf.compat.v1.ConfigProto()
  tf_config.gpu_options.allow_growth = True
  session = tf.compat.v1.Session(config=tf_config)
  session.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
  coord = tf.compat.v1.train.Coordinator()
  threads = tf.compat.v1.train.start_queue_runners(sess=session, coord=coord)

  batches = []
  try:
    while not coord.should_stop():
      ep, obs, act, rew, n = session.run(batch)
      batches.append([ep.tolist(), obs.tolist(), act.tolist(), rew.tolist(), n.tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  session.close()
  return {'batches': batches, 'end': {'rollouts': sum(len(b[0]) for b in batches)}}
