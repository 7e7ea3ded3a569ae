"""Sea-shanty call-and-response lines as a tensor2tensor problem of the pre-tf.data era: the lines are written by
generator_utils.generate_files as tf.Examples of `inputs` / `targets` id lists in round-robin dev shards, read back
by data_reader.input_pipeline in EVAL mode (examples_queue over slim's parallel_read, one reader, no shuffle, one
epoch; TFExampleDecoder), cast to int32 and batched by batch_examples (too-long pairs dropped, dynamic padding)."""
import collections
import os

import tensorflow.compat.v1 as tf

from t2t66_lib import data_reader
from t2t66_lib import generator_utils

SHANTY = [
    ("way hey and up she rises", "early in the morning"),
    ("what shall we do", "with a drunken sailor"),
    ("haul away joe", "haul away"),
    ("leave her johnny", "leave her"),
    ("blow the man down", "to me way hey"),
    ("roll the old chariot along", "and we'll all hang on behind"),
    ("heave away my johnnies", "heave away"),
    ("we're bound for south australia", "haul away your rope and go"),
    ("randy dandy oh", "heave a pawl"),
    ("so early in the morning the sailor likes his bottle oh", "oh"),
]

HParams = collections.namedtuple("HParams", ["batch_size", "max_length"])


def _vocab():
  words = sorted({w for pair in SHANTY for line in pair for w in line.split()})
  return {w: i + 2 for i, w in enumerate(words)}  # 0: PAD, 1: EOS


def shanty_generator():
  vocab = _vocab()
  for call, response in SHANTY:
    yield {"inputs": [vocab[w] for w in call.split()] + [1],
           "targets": [vocab[w] for w in response.split()] + [1]}


def main(data_dir):
  out_dir = os.path.join(data_dir, "h66_sea_shanty")
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  generator_utils.generate_files(
      shanty_generator(), generator_utils.dev_data_filenames("shanty_call_response", out_dir, 2))

  hparams = HParams(batch_size=3, max_length=8)
  examples = data_reader.input_pipeline(
      os.path.join(out_dir, "shanty_call_response-dev*"), capacity=8, mode=data_reader.ModeKeys.EVAL)
  batched = data_reader.batch_examples(examples, data_reader.hparams_to_batching_scheme(hparams))

  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        features = sess.run(batched)
        batches.append([features["inputs"].tolist(), features["targets"].tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "pairs: %d" % sum(len(b[0]) for b in batches)}
