"""One slice producer helper of this module called by two functions, each batching its own data (in order)."""
import tensorflow.compat.v1 as tf


def get(values, epochs):
  sliced = tf.train.slice_input_producer([values], num_epochs=epochs, shuffle=False)
  return sliced[0]


def train_batches():
  x = get([1, 2, 3, 4, 5, 6], 2)
  return tf.train.batch([x], batch_size=4)


def eval_batches():
  x = get([10, 20, 30], 1)
  return tf.train.batch([x], batch_size=3)


def main(data_dir):
  batches = []
  for tensor in (train_batches(), eval_batches()):
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
