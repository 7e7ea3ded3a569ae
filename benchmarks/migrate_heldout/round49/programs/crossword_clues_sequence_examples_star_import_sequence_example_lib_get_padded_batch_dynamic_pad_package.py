from crossword49_lib.sequence_example_lib import *
import os
import tensorflow.compat.v1 as tf

CLUES = [
    ("Tidal flow", "ebb"),
    ("Ice dancer's jump", "axel"),
    ("Apple grader's reject", "cull"),
    ("Storm's calm centre", "eye"),
    ("Customs levy", "duty"),
    ("Sing-along bar fixture", "mic"),
    ("Spin cycle unit", "rpm"),
    ("Ocean motion", "tide"),
    ("Fruit farm", "orchard"),
]


def encode(clue, answer):
  return [ord(c) % 128 for c in clue.lower()], [ord(c) - ord('a') for c in answer]


def main(data_dir):
  folder = os.path.join(data_dir, 'h49_crossword_seq')
  if not os.path.exists(folder):
    os.makedirs(folder)
  sequence_example_file = os.path.join(folder, 'training_clues.tfrecord')
  with tf.python_io.TFRecordWriter(sequence_example_file) as writer:
    for clue, answer in CLUES:
      writer.write(make_sequence_example(*encode(clue, answer)).SerializeToString())
  sequence_example_file_paths = tf.gfile.Glob(
      os.path.expanduser(sequence_example_file))

  inputs, labels, lengths = get_padded_batch(sequence_example_file_paths, batch_size=3)
  print('records:', count_records(sequence_example_file_paths))

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    try:
      while True:
        i, l, n = sess.run([inputs, labels, lengths])
        batches.append([i.tolist(), l.tolist(), n.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "clues: %d" % sum(len(b[2]) for b in batches)}
