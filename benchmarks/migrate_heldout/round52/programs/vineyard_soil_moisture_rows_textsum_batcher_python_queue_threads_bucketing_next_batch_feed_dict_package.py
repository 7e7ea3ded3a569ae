"""Trains a toy schedule model on vineyard soil-moisture rows, fed like textsum's seq2seq_attention."""
import collections
import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.core.example import example_pb2

from vine52_lib import batch_reader
from vine52_lib import data

HParams = collections.namedtuple('HParams',
                                 'mode, min_lr, lr, batch_size, '
                                 'enc_layers, enc_timesteps, dec_timesteps, '
                                 'min_input_len, num_hidden, emb_dim, '
                                 'max_grad_norm, num_softmax_samples, seed')

LEVELS = ['dry', 'low', 'mid', 'wet', 'soak']
ACTIONS = ['drip10', 'drip20', 'drip30', 'skip']


def _write_rows(folder):
  rng = np.random.RandomState(5252)
  if not os.path.isdir(folder):
    os.makedirs(folder)
  with open(os.path.join(folder, 'vocab'), 'w') as f:
    for w in [data.PAD_TOKEN, data.UNKNOWN_TOKEN, data.SENTENCE_START, data.SENTENCE_END] + LEVELS + ACTIONS:
      f.write('%s 1\n' % w)
  with open(os.path.join(folder, 'rows-0'), 'wb') as f:
    for row in range(12):
      n = 2 + rng.randint(0, 5)
      probes = ' '.join(LEVELS[k] for k in rng.randint(0, len(LEVELS), size=n))
      plan = ' '.join(ACTIONS[k] for k in rng.randint(0, len(ACTIONS), size=1 + row % 3))
      ex = example_pb2.Example()
      ex.features.feature['article'].bytes_list.value.append(
          ('<d> <p> <s> block%d %s </s> </p> </d>' % (row, probes)).encode())
      ex.features.feature['abstract'].bytes_list.value.append(
          ('<d> <p> <s> %s </s> </p> </d>' % plan).encode())
      blob = ex.SerializeToString()
      f.write(struct.pack('q', len(blob)))
      f.write(struct.pack('%ds' % len(blob), blob))


class ScheduleModel(object):
  def __init__(self, hps, vocab):
    self._hps = hps
    self._vocab = vocab

  def _add_placeholders(self):
    hps = self._hps
    self._articles = tf.placeholder(tf.int32, [hps.batch_size, hps.enc_timesteps], name='articles')
    self._abstracts = tf.placeholder(tf.int32, [hps.batch_size, hps.dec_timesteps], name='abstracts')
    self._targets = tf.placeholder(tf.int32, [hps.batch_size, hps.dec_timesteps], name='targets')
    self._article_lens = tf.placeholder(tf.int32, [hps.batch_size], name='article_lens')
    self._abstract_lens = tf.placeholder(tf.int32, [hps.batch_size], name='abstract_lens')
    self._loss_weights = tf.placeholder(tf.float32, [hps.batch_size, hps.dec_timesteps], name='loss_weights')

  def build_graph(self):
    self._add_placeholders()
    hps = self._hps
    with tf.variable_scope('embedding'):
      embedding = tf.get_variable('embedding', [self._vocab.NumIds(), hps.emb_dim],
                                  initializer=tf.constant_initializer(0.5))
    emb = tf.nn.embedding_lookup(embedding, self._articles)
    mask = tf.sequence_mask(self._article_lens, hps.enc_timesteps, dtype=tf.float32)
    self._enc_summary = tf.reduce_sum(emb, axis=2) * mask
    self._target_weight = tf.reduce_sum(tf.cast(self._targets, tf.float32) * self._loss_weights, axis=1)

  def run_train_step(self, sess, article_batch, abstract_batch, targets,
                     article_lens, abstract_lens, loss_weights):
    to_return = [self._enc_summary, self._target_weight]
    return sess.run(to_return,
                    feed_dict={self._articles: article_batch,
                               self._abstracts: abstract_batch,
                               self._targets: targets,
                               self._article_lens: article_lens,
                               self._abstract_lens: abstract_lens,
                               self._loss_weights: loss_weights})


def _Train(model, data_batcher):
  """Runs model training."""
  batches = []
  with tf.device('/cpu:0'):
    model.build_graph()
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    step = 0
    while True:
      next_batch = data_batcher.NextBatch()
      if next_batch is None:
        break
      (article_batch, abstract_batch, targets, article_lens, abstract_lens,
       loss_weights, origin_articles, _) = next_batch
      (enc_summary, target_weight) = model.run_train_step(
          sess, article_batch, abstract_batch, targets, article_lens,
          abstract_lens, loss_weights)
      batches.append([article_batch.tolist(), abstract_batch.tolist(), targets.tolist(),
                      article_lens.tolist(), abstract_lens.tolist(),
                      enc_summary.tolist(), target_weight.tolist(), list(origin_articles)])
      step += 1
    sess.close()
  return batches


def main(data_dir):
  folder = os.path.join(data_dir, 'h52_vine_rows')
  _write_rows(folder)
  vocab = data.Vocab(os.path.join(folder, 'vocab'), 1000000)
  batch_size = 3
  hps = HParams(mode='train', min_lr=0.01, lr=0.15, batch_size=batch_size,
                enc_layers=1, enc_timesteps=8, dec_timesteps=5,
                min_input_len=2, num_hidden=4, emb_dim=2,
                max_grad_norm=2, num_softmax_samples=0, seed=111)

  batcher = batch_reader.Batcher(
      os.path.join(folder, 'rows-*'), vocab, hps, 'article',
      'abstract', 4, 2, bucketing=True,
      truncate_input=False, num_epochs=1)
  tf.set_random_seed(111)
  model = ScheduleModel(hps, vocab)
  batches = _Train(model, batcher)
  return {"batches": batches, "end": "vine rows: %d" % sum(len(b[3]) for b in batches)}
