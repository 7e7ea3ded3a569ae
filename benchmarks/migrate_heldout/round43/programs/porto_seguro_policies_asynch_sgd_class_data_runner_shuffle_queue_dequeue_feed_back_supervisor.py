from __future__ import print_function
"""Porto Seguro safe-driver policies (Kaggle, 2017) trained by a course project's `AsynchSGD` class
(single worker here): a `DataRunner` feeds `dataset.next_batch` chunks through placeholders into a
RandomShuffleQueue from a background thread; each step `sess.run`s the `dequeue_many` op and feeds
the fetched arrays back into the model's own placeholders, under
`Supervisor.prepare_or_wait_for_session`."""

import csv
import os
import threading
import time

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

FEATURES = ['ps_ind_01', 'ps_ind_03', 'ps_reg_01', 'ps_car_13']


class FLAGS:
    job_name = 'worker'
    task_index = 0


class PolicyDataSet(object):
    """mnist-DataSet-like holder: next_batch walks the policies once."""

    def __init__(self, features, labels):
        self._features = features
        self._labels = labels
        self._index_in_epoch = 0

    @property
    def num_examples(self):
        return len(self._labels)

    def next_batch(self, batch_size):
        start = self._index_in_epoch
        if start >= self.num_examples:
            return None, None
        self._index_in_epoch += batch_size
        end = self._index_in_epoch
        return self._features[start:end], self._labels[start:end]


class AsynchSGD:

  def __init__(self, parameter_servers, workers):
    self.parameter_servers = parameter_servers
    self.workers = workers

  def run(self, fetches, fetches_format, dataset, batch_size=1, epoch_size=1000, learning_rate=0.001,
          training_epochs=20, logs_path=None):
    # count the number of updates
    global_step = tf1.get_variable('global_step', [],
                                   initializer=tf1.constant_initializer(0),
                                   trainable=False)
    self.inputs, fetches = fetches(learning_rate, global_step)
    init_op = tf1.initialize_all_variables()
    capacity = max(2, 2) * len(self.workers) * batch_size
    min_after_dequeue = len(self.workers) * batch_size
    dtypes = [tf.float32, tf.float32]
    shared_name = 'train_queue'
    shapes = [[len(FEATURES)], [2]]
    self.datarunner = DataRunner(self.inputs, capacity, min_after_dequeue, dtypes, shapes, shared_name)
    train_dequeue_op = self.datarunner.get_inputs(batch_size)
    print("Initialized Vars")

    sv = tf1.train.Supervisor(is_chief=(FLAGS.task_index == 0),
                              global_step=global_step,
                              init_op=init_op,
                              logdir=logs_path)

    self.batches = []
    with sv.prepare_or_wait_for_session('') as sess:
      if FLAGS.task_index == 0:
        print("initializing data queue")
        tf1.train.start_queue_runners(sess=sess)
        self.datarunner.start_threads(sess, dataset, batch_size)
        print('data queue initialized')
      # perform training cycles
      count = 0
      for epoch in range(training_epochs):

        # number of batches in one epoch
        batch_count = int(epoch_size / batch_size)

        for i in range(batch_count):
          batch_x, batch_y = self.dequeue(sess, train_dequeue_op)
          # perform the operations we defined earlier on batch
          result = sess.run(
                          fetches,
                          feed_dict={self.inputs[0]: batch_x, self.inputs[1]: batch_y})
          self.batches.append([np.round(batch_x.astype(np.float64), 4).tolist(),
                               batch_y.argmax(axis=1).tolist()])
          count += 1
      self.count = count
    sv.stop()

  def dequeue(self, sess, dequeue):
    return sess.run(dequeue)


class DataRunner(object):
  """
  This class manages the the background threads needed to fill
      a queue full of data.
  """
  def __init__(self, inputs, capacity, min_after_dequeue, dtypes, shapes, shared_name):
    self.inputs = []
    for shape in shapes:
      self.inputs.append(tf1.placeholder(dtype=tf.float32, shape=[None] + shape))
    # The actual queue of data. The queue contains a vector for
    # the policy features, and a one-hot label.
    self.queue = tf1.RandomShuffleQueue(shapes=shapes,
                                        dtypes=dtypes,
                                        capacity=capacity,
                                        min_after_dequeue=min_after_dequeue,
                                        shared_name=shared_name)

    # The symbolic operation to add data to the queue
    # we could do some preprocessing here or do it in numpy. In this example
    # we do the scaling in numpy
    if FLAGS.task_index == 0:
      self.enqueue_op = self.queue.enqueue_many(self.inputs)
      self.close_op = self.queue.close()

  def get_inputs(self, batch_size):
    """
    Return's tensors containing a batch of features and labels
    """
    return self.queue.dequeue_many(batch_size)

  def thread_main(self, sess, dataset, batch_size):
    """
    Function run on alternate thread. Basically, keep adding data to the queue.
    """
    for data in self.data_iterator(dataset, batch_size):
      dataX = data[0]
      if len(dataX.shape) <= 1:
        dataX = dataX.reshape([1, dataX.shape[0]])
      dataY = data[1]
      if len(dataY.shape) <= 1:
        dataY = dataY.reshape([1, dataY.shape[0]])
      sess.run(self.enqueue_op, feed_dict={self.inputs[0]: dataX, self.inputs[1]: dataY})
    sess.run(self.close_op)

  def start_threads(self, sess, dataset, batch_size, n_threads=1):
    """ Start background threads to feed queue """
    threads = []
    for n in range(n_threads):
      t = threading.Thread(target=self.thread_main, args=(sess, dataset, batch_size))
      t.daemon = True  # thread will close when parent quits
      t.start()
      threads.append(t)
    return threads

  def data_iterator(self, dataset, batch_size):
    while True:
      batch_x, batch_y = dataset.next_batch(batch_size)
      if batch_x is None:
        return
      yield batch_x, batch_y


def write_policies(path):
    rng = np.random.RandomState(2017)
    with open(path, 'w') as f:
        f.write('id,target,' + ','.join(FEATURES) + '\n')
        for i in range(12):
            car_13 = -1 if i % 5 == 4 else round(rng.uniform(0.3, 1.5), 4)
            f.write('%d,%d,%d,%d,%.1f,%s\n' % (7 + 2 * i, rng.randint(0, 2), rng.randint(0, 7),
                                               rng.randint(0, 11), rng.choice([0.1, 0.5, 0.9]), car_13))


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_porto_seguro')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'train.csv')
    write_policies(path)
    feats, labels = [], []
    with open(path) as f:
        for row in csv.DictReader(f):
            x = [float(row[c]) for c in FEATURES]
            x = [0.0 if v == -1 else v for v in x]   # -1 marks a missing value
            feats.append(x)
            labels.append([1.0, 0.0] if row['target'] == '0' else [0.0, 1.0])
    dataset = PolicyDataSet(np.array(feats, np.float32), np.array(labels, np.float32))

    # config
    batch_size = 4
    learning_rate = 0.001
    training_epochs = 1

    #create variables for model
    def fetches(learning_rate, global_step):
        with tf1.name_scope('input'):
            x = tf1.placeholder(tf.float32, shape=[None, len(FEATURES)], name="x-input")
            y_ = tf1.placeholder(tf.float32, shape=[None, 2], name="y-input")
        tf1.set_random_seed(1)
        with tf1.name_scope("weights"):
            W1 = tf.Variable(tf.zeros([len(FEATURES), 2]))
        with tf1.name_scope("biases"):
            b1 = tf.Variable(tf.zeros([2]))
        with tf1.name_scope("softmax"):
            y = tf.nn.softmax(tf.add(tf.matmul(x, W1), b1))
        with tf1.name_scope('cross_entropy'):
            cross_entropy = tf.reduce_mean(-tf.reduce_sum(y_ * tf1.log(y + 1e-8), axis=[1]))
        with tf1.name_scope('train'):
            grad_op = tf1.train.GradientDescentOptimizer(learning_rate)
            train_op = grad_op.minimize(cross_entropy, global_step=global_step)
        return [x, y_], [train_op, cross_entropy, global_step]

    fetches_format = {'train': 0, 'cost': 1, 'step': 2}
    asgd = AsynchSGD(["localhost:4222"], ["localhost:4223"])
    asgd.run(fetches, fetches_format, dataset, batch_size=batch_size, epoch_size=dataset.num_examples,
             learning_rate=learning_rate, training_epochs=training_epochs, logs_path=None)
    return {"batches": asgd.batches, "end": "updates: %d" % asgd.count}
