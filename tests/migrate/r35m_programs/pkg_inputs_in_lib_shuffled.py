"""The helper and its batching caller both in a package module (``data.inputs``), shuffled once: a multiset."""
import os

import tensorflow.compat.v1 as tf

from r35m_lib import data


def main(data_dir):
  file_list = []
  for i in range(8):
    path = os.path.join(data_dir, "r35m_lib_%d.txt" % i)
    with open(path, "w") as f:
      f.write("y" * (i + 1))
    file_list.append(path)
  lengths = data.inputs(file_list, batch_size=4)
  batches = []
  sess = tf.Session()
  sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      batches.append([sess.run(lengths).tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches, "end": "OutOfRangeError", "rows": sum(len(b[0]) for b in batches)}
