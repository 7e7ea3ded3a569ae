"""``import tensorflow as tf`` spelling ``tf.compat.v1.train.``: an ``input_producer`` dequeued in one helper and a
``range_input_producer`` indexing a table in another, each batched by its own caller (in order)."""
import numpy as np
import tensorflow as tf

TABLE = np.arange(30, dtype=np.float32).reshape(10, 3)


def rows(data):
  queue = tf.compat.v1.train.input_producer(tf.constant(data), num_epochs=1, shuffle=False)
  row = queue.dequeue()
  return row + 1


def indexed(limit):
  queue = tf.compat.v1.train.range_input_producer(limit, num_epochs=1, shuffle=False)
  index = queue.dequeue()
  return tf.gather(TABLE, index), index


def row_batches():
  row = rows(TABLE)
  return tf.compat.v1.train.batch([row], batch_size=5)


def index_batches():
  row, index = indexed(10)
  return tf.compat.v1.train.batch([row, index], batch_size=2)


def main(data_dir):
  batches = []
  for tensors in (row_batches(), index_batches()):
    with tf.compat.v1.Session() as sess:
      sess.run(tf.compat.v1.local_variables_initializer())
      coord = tf.compat.v1.train.Coordinator()
      threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
      try:
        while True:
          got = sess.run(tensors)
          batches.append([np.asarray(g).tolist() for g in (got if isinstance(got, list) else [got])])
      except tf.errors.OutOfRangeError:
        pass
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
