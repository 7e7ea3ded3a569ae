"""Jigsaw puzzle piece edge profiles stored as binary codes and read the way the entropy coder of tensorflow/models
(research/compression/entropy_coder) trains on its codes: entropy_coder_train.py parses the input and train configs
(JSON here), ReadFirstCode peeks at the table for the code depth, code_loader.LoadBinaryCode reads the one-file
table through an unlimited filename producer, un-flattens each code by its stored shape and pushes it into a
PaddingFIFOQueue with a hand-made QueueRunner, and the training loop runs a fixed number of steps of
`dequeue_many` batches."""
import json
import os

import numpy as np
import tensorflow.compat.v1 as tf

from ec66_lib.core import code_loader
from ec66_lib.core import config_helper
from ec66_lib.dataset import gen_synthetic_codes


def train(input_config, train_config):
  batch_size = train_config.batch_size
  first_code = code_loader.ReadFirstCode(input_config.data)
  code_depth = first_code.features.feature['code_shape'].int64_list.value[2]

  code = code_loader.LoadBinaryCode(input_config=input_config, batch_size=batch_size)
  bits_on = tf.reduce_sum(tf.cast(tf.greater(code, 0.0), tf.int32), axis=[1, 2, 3])

  global_step = tf.train.get_or_create_global_step()
  increment = tf.assign_add(global_step, 1)

  batches = []
  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for _ in range(train_config.number_of_steps):
      np_code, np_bits, step = sess.run([code, bits_on, increment])
      batches.append([np_code.tolist(), np_bits.tolist()])
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=10)
  return batches, step, code_depth


def main(data_dir):
  out_dir = os.path.join(data_dir, 'h66_jigsaw_codes')
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  data = os.path.join(out_dir, 'piece_edges.tfrecord')
  gen_synthetic_codes.GenerateDataset(data, count=5, code_depth=2)
  with open(os.path.join(out_dir, 'input_config.json'), 'w') as f:
    json.dump({'data': data}, f)
  with open(os.path.join(out_dir, 'train_config.json'), 'w') as f:
    json.dump({'batch_size': 2, 'number_of_steps': 4, 'learning_rate': 0.1}, f)

  input_config = config_helper.InputConfig(
      config_helper.GetConfigString(os.path.join(out_dir, 'input_config.json')))
  train_config = config_helper.TrainConfig(
      config_helper.GetConfigString(os.path.join(out_dir, 'train_config.json')))
  batches, step, depth = train(input_config, train_config)
  return {'batches': batches, 'end': 'steps: %d, code depth: %d' % (step, depth)}
