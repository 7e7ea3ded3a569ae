"""The producer helper imported by name from a package module (``from r35m_lib.rows import sliced_rows``), called
and batched by this module's own top-level statements, in its default graph (in order)."""
import tensorflow.compat.v1 as tf

from r35m_lib.rows import sliced_rows

DATA = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]
GRAPH = tf.get_default_graph()

row = sliced_rows(DATA, 2)
ROWS = tf.train.batch([row], batch_size=4)


def main(data_dir):
  batches = []
  with GRAPH.as_default():
    with tf.Session() as sess:
      sess.run(tf.local_variables_initializer())
      coord = tf.train.Coordinator()
      threads = tf.train.start_queue_runners(sess=sess, coord=coord)
      try:
        while True:
          batches.append([sess.run(ROWS).tolist()])
      except tf.errors.OutOfRangeError:
        pass
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
