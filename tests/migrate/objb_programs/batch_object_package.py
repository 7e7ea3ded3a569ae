import os

import tensorflow.compat.v1 as tf

from objb_lib.batching import Batch, Rows


def main(data_dir):
  path = os.path.join(data_dir, "objb_rows.csv")
  with open(path, "w") as f:
    for k in Rows.train(12):
      f.write("%d,%d\n" % (k, k % 4))
  queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
  _, line = tf.TextLineReader().read(queue)
  value, label = tf.decode_csv(line, [[0], [0]])
  batch = Batch().train(value * 10, label)
  out = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        v, l = sess.run([batch.values, batch.labels])
        out.append([v.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": out, "end": "OutOfRangeError"}
