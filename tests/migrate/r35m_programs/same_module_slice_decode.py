"""A slice producer of (file names, labels) in a helper of this module, the labels computed by Python in it from
the names it is given; each file read and decoded by a second helper; the caller batches (in order, a smaller
final batch)."""
import os

import tensorflow.compat.v1 as tf


def _names_and_labels(names):
  files = list(names)
  labels = [int(os.path.basename(f).split("_")[1]) % 3 for f in files]
  return files, labels


def _decode(path):
  text = tf.read_file(path)
  value = tf.strings.to_number(tf.strings.strip(text), out_type=tf.float32)
  return value / 4


def _get_data(file_list):
  names, labels = _names_and_labels(file_list)
  paths = tf.convert_to_tensor(names, dtype=tf.string)
  classes = tf.convert_to_tensor(labels, dtype=tf.int32)
  input_queue = tf.train.slice_input_producer([paths, classes], num_epochs=1, shuffle=False)
  value = _decode(input_queue[0])
  return value, input_queue[1]


def inputs(file_list, batch_size):
  value, label = _get_data(file_list)
  return tf.train.batch([value, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
  file_list = []
  for i in range(7):
    path = os.path.join(data_dir, "r35m_%d_a.txt" % i)
    with open(path, "w") as f:
      f.write("%d\n" % (i * 3 + 1))
    file_list.append(path)
  values, labels = inputs(file_list, batch_size=3)
  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        v, l = sess.run([values, labels])
        batches.append([v.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError", "rows": sum(len(b[1]) for b in batches)}
