"""Enqueue ops made by a comprehension over enumerate, each op one actor's single tensor (another module's
reader), named per turn; read by dequeue_many in a Session until the queue ends."""
import os

import tensorflow.compat.v1 as tf

from r35r_lib import actors


def main(data_dir):
  tf.disable_eager_execution()
  root = os.path.join(data_dir, "r35r_comp")
  os.makedirs(root, exist_ok=True)
  names = []
  for a in range(2):
    path = os.path.join(root, "c%d.csv" % a)
    with open(path, "w") as f:
      for t in range(6):
        f.write("%d.5,%d.25,%d\n" % (a * 10 + t, t, a))
    names.append(path)
  q = tf.FIFOQueue(8, [actors.dtype], shapes=[actors.shape])
  ops = [q.enqueue(actors.actor_input(n, i), name="enq%d" % i) for i, n in enumerate(names)]
  tf.train.add_queue_runner(tf.train.QueueRunner(q, ops))
  out = q.dequeue_many(3)
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        batches.append([sess.run(out).tolist()])
    except tf.errors.OutOfRangeError:
      end = "OutOfRangeError"
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": end}
