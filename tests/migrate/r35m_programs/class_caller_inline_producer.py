"""A class whose method batches what a helper of this module returns; the helper returns the producer's slice
straight from the producer's call (``slice_input_producer(...)[0]``, its ``num_epochs`` an argument), and a
second method batches a ``range_input_producer``'s indices dequeued in another helper (in order)."""
import tensorflow.compat.v1 as tf


def first_slice(values, epochs):
  return tf.train.slice_input_producer([tf.constant(values)], num_epochs=epochs, shuffle=False)[0] + 100


def next_index(limit):
  return tf.train.range_input_producer(limit, num_epochs=1, shuffle=False).dequeue() * 3


class Loader(object):

  def __init__(self, values):
    self.values = values

  def batches(self, size):
    value = first_slice(self.values, 2)
    return tf.train.batch([value], batch_size=size)

  def indices(self):
    index = next_index(len(self.values))
    return tf.train.batch([index], batch_size=3)


def main(data_dir):
  loader = Loader([5, 6, 7, 8, 9, 10])
  batches = []
  for tensor in (loader.batches(4), loader.indices()):
    with tf.Session() as sess:
      sess.run(tf.local_variables_initializer())
      coord = tf.train.Coordinator()
      threads = tf.train.start_queue_runners(sess=sess, coord=coord)
      try:
        while True:
          batches.append([sess.run(tensor).tolist()])
      except tf.errors.OutOfRangeError:
        pass
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
