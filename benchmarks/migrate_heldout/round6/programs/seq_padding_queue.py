"""A sequence model's training input: SequenceExamples written by the script itself (to
DATA_DIR/h6_seq_padding_queue/), read by `seq_lib.sequence_reader.get_padded_batch` (another module: a
PaddingFIFOQueue filled by two copies of one enqueue op and a QueueRunner), consumed in a MonitoredSession
loop until the single epoch ends. Rows are un-padded with their lengths before they are recorded.
"""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from seq_lib import sequence_reader  # noqa: E402

INPUT_SIZE = 2
BATCH_SIZE = 6
NUM_SEQUENCES = 24


def write_sequences(out_dir):
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  paths = [os.path.join(out_dir, 'melodies-%d.tfrecord' % shard) for shard in range(2)]
  writers = [tf.python_io.TFRecordWriter(p) for p in paths]
  for i in range(NUM_SEQUENCES):
    steps = (i % 4) + 1
    inputs = [[float(i), float(t)] for t in range(steps)]
    labels = [i * 10 + t for t in range(steps)]
    writers[i % 2].write(sequence_reader.make_sequence_example(inputs, labels).SerializeToString())
  for w in writers:
    w.close()
  return paths


def main(data_dir):
  file_list = write_sequences(os.path.join(data_dir, 'h6_seq_padding_queue'))
  tf.logging.info('%d sequences in %d files', sequence_reader.count_records(file_list), len(file_list))
  inputs, labels, lengths = sequence_reader.get_padded_batch(
      file_list, BATCH_SIZE, INPUT_SIZE, num_enqueuing_threads=2, num_epochs=1)

  batches = []
  with tf.train.MonitoredSession(session_creator=tf.train.ChiefSessionCreator()) as sess:
    while not sess.should_stop():
      x, y, n = sess.run([inputs, labels, lengths])
      batches.append([
          [x[j, :n[j]].tolist() for j in range(len(n))],
          [y[j, :n[j]].tolist() for j in range(len(n))],
          n.tolist(),
      ])
  return {"batches": batches, "end": "OutOfRangeError"}
