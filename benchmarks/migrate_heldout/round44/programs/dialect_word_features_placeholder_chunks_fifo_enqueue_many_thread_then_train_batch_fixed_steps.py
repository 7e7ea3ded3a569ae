# Dialect word list input pipeline for large word lists
# (after "TensorFlow Input Pipelines for Large Data Sets", ischlag.github.io)

import os
import tensorflow as tf
import numpy as np
import threading

tf1 = tf.compat.v1

CHUNK = 4


def write_word_list(folder):
  # word id, survey region, syllables, vowel length (ms) ; target: one-hot dialect group
  rng = np.random.RandomState(44)
  n = 10
  r = np.arange(0.0, n)
  raw_data = np.stack([r, r % 4, rng.randint(1, 5, size=n).astype(np.float64),
                       np.round(rng.uniform(60, 180, size=n), 1)], axis=1)
  raw_target = np.eye(3)[np.arange(n) % 3]
  path = os.path.join(folder, "dialect_words.npz")
  np.savez(path, data=raw_data.astype(np.float32), target=raw_target.astype(np.float32))
  return path


def main(data_dir):
  folder = os.path.join(data_dir, "h44_dialect_words")
  if not os.path.isdir(folder):
    os.makedirs(folder)
  loaded = np.load(write_word_list(folder))
  raw_data, raw_target = loaded["data"], loaded["target"]

  # are used to feed data into our queue
  queue_input_data = tf1.placeholder(tf.float32, shape=[CHUNK, 4])
  queue_input_target = tf1.placeholder(tf.float32, shape=[CHUNK, 3])

  queue = tf1.FIFOQueue(capacity=50, dtypes=[tf.float32, tf.float32], shapes=[[4], [3]])

  enqueue_op = queue.enqueue_many([queue_input_data, queue_input_target])
  dequeue_op = queue.dequeue()
  close_op = queue.close(cancel_pending_enqueues=True)

  # tensorflow recommendation:
  # capacity = min_after_dequeue + (num_threads + a small safety margin) * batch_size
  data_batch, target_batch = tf1.train.batch(dequeue_op, batch_size=3, capacity=40)
  # use this to shuffle batches:
  # data_batch, target_batch = tf1.train.shuffle_batch(dequeue_op, batch_size=3, capacity=40, min_after_dequeue=5)

  def enqueue(sess):
    """ Iterates over our data puts small junks into our queue."""
    under = 0
    max = len(raw_data)
    while True:
      upper = under + CHUNK
      if upper <= max:
        curr_data = raw_data[under:upper]
        curr_target = raw_target[under:upper]
        under = upper
      else:
        rest = upper - max
        curr_data = np.concatenate((raw_data[under:max], raw_data[0:rest]))
        curr_target = np.concatenate((raw_target[under:max], raw_target[0:rest]))
        under = rest

      try:
        sess.run(enqueue_op, feed_dict={queue_input_data: curr_data,
                                        queue_input_target: curr_target})
      except (tf.errors.CancelledError, tf.errors.AbortedError):
        break
    # print("finished enqueueing")

  # start the threads for our FIFOQueue and batch
  sess = tf1.Session()
  enqueue_thread = threading.Thread(target=enqueue, args=[sess])
  enqueue_thread.isDaemon()
  enqueue_thread.start()

  coord = tf1.train.Coordinator()
  threads = tf1.train.start_queue_runners(coord=coord, sess=sess)

  batches = []
  # Fetch the data from the pipeline and put it where it belongs (into your model)
  for i in range(5):
    run_options = tf1.RunOptions(timeout_in_ms=4000)
    curr_data_batch, curr_target_batch = sess.run([data_batch, target_batch], options=run_options)
    batches.append([np.round(curr_data_batch.astype(np.float64), 2).tolist(),
                    np.argmax(curr_target_batch, axis=1).tolist()])

  # shutdown everything to avoid zombies
  sess.run(close_op)
  coord.request_stop()
  coord.join(threads)
  enqueue_thread.join()
  sess.close()
  return {"batches": batches, "end": "steps: %d" % len(batches)}
