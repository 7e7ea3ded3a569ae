# Distributed ergometer-stroke model on a grid, after the TensorFlowOnSpark MNIST example
# (InputMode.TENSORFLOW: every worker reads its CSV parts itself).

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

STROKE_COLS = 6
NUM_CLASSES = 3


def print_log(worker_num, arg):
  # the grid log; kept quiet here so the runner's stdout stays clean
  return "%d: %s" % (worker_num, arg)


def map_fun(args, ctx):
  import os
  import numpy
  import tensorflow.compat.v1 as tf

  worker_num = ctx.worker_num
  job_name = ctx.job_name
  task_index = ctx.task_index
  cluster_spec = ctx.cluster_spec
  num_workers = len(cluster_spec['worker'])

  def read_csv_examples(image_dir, label_dir, batch_size=100, num_epochs=None, task_index=None, num_workers=None):
    print_log(worker_num, "num_epochs: {0}".format(num_epochs))
    # Setup queue of csv stroke filenames
    csv_pattern = os.path.join(image_dir, 'part-*')
    images = sorted(tf.gfile.Glob(csv_pattern))
    print_log(worker_num, "images: {0}".format(images))
    image_queue = tf.train.string_input_producer(images, shuffle=False, capacity=1000, num_epochs=num_epochs, name="image_queue")
    # Setup queue of csv label filenames
    csv_pattern = os.path.join(label_dir, 'part-*')
    labels = sorted(tf.gfile.Glob(csv_pattern))
    print_log(worker_num, "labels: {0}".format(labels))
    label_queue = tf.train.string_input_producer(labels, shuffle=False, capacity=1000, num_epochs=num_epochs, name="label_queue")
    # Setup reader for image queue
    img_reader = tf.TextLineReader(name="img_reader")
    _, img_csv = img_reader.read(image_queue)
    image_defaults = [[1.0] for col in range(STROKE_COLS)]
    img = tf.stack(tf.decode_csv(img_csv, image_defaults))
    # Normalize values to [0,1]
    norm = tf.constant(255, dtype=tf.float32, shape=(STROKE_COLS,))
    image = tf.div(img, norm)
    print_log(worker_num, "image: {0}".format(image))
    # Setup reader for label queue
    label_reader = tf.TextLineReader(name="label_reader")
    _, label_csv = label_reader.read(label_queue)
    label_defaults = [[1.0] for col in range(NUM_CLASSES)]
    label = tf.stack(tf.decode_csv(label_csv, label_defaults))
    print_log(worker_num, "label: {0}".format(label))
    # Return a batch of examples
    return tf.train.batch([image, label], batch_size, num_threads=1, name="batch_csv")

  if job_name == "ps":
    raise RuntimeError("this grid has no parameter server")
  elif job_name == "worker":
    cluster = tf.train.ClusterSpec(cluster_spec)
    # Assigns ops to the local worker by default.
    with tf.device(tf.train.replica_device_setter(
        worker_device="/job:worker/task:%d" % task_index,
        cluster=cluster)):

      hidden_units = 4
      hid_w = tf.Variable(tf.truncated_normal([STROKE_COLS, hidden_units], stddev=1.0 / STROKE_COLS, seed=1), name="hid_w")
      hid_b = tf.Variable(tf.zeros([hidden_units]), name="hid_b")
      sm_w = tf.Variable(tf.truncated_normal([hidden_units, NUM_CLASSES], stddev=1.0 / 2, seed=2), name="sm_w")
      sm_b = tf.Variable(tf.zeros([NUM_CLASSES]), name="sm_b")

      # Placeholders or QueueRunner/Readers for input data
      num_epochs = 1 if args.mode == "inference" else None if args.epochs == 0 else args.epochs
      index = task_index if args.mode == "inference" else None
      workers = num_workers if args.mode == "inference" else None

      images = os.path.join(args.data_dir, args.images)
      labels = os.path.join(args.data_dir, args.labels)
      x, y_ = read_csv_examples(images, labels, args.batch_size, num_epochs, index, workers)

      hid_lin = tf.nn.xw_plus_b(x, hid_w, hid_b)
      hid = tf.nn.relu(hid_lin)
      y = tf.nn.softmax(tf.nn.xw_plus_b(hid, sm_w, sm_b))

      global_step = tf.Variable(0, name="global_step", trainable=False)
      loss = -tf.reduce_sum(y_ * tf.log(tf.clip_by_value(y, 1e-10, 1.0)))
      train_op = tf.train.AdagradOptimizer(0.01).minimize(loss, global_step=global_step)

      init_op = tf.global_variables_initializer()

    # Create a "supervisor", which oversees the training process.
    sv = tf.train.Supervisor(is_chief=(task_index == 0),
                             logdir=None,
                             init_op=init_op,
                             summary_op=None,
                             saver=None,
                             global_step=global_step,
                             stop_grace_secs=300,
                             save_model_secs=0)

    results = []
    # The supervisor takes care of session initialization, restoring from
    # a checkpoint, and closing when done or an error occurs.
    with sv.managed_session(ctx.server_target) as sess:
      print_log(worker_num, "session ready")

      # Loop until the supervisor shuts down or 1000000 steps have completed.
      step = 0
      while not sv.should_stop() and step < args.steps:
        # Run a training step asynchronously.
        _, step, xs, ys = sess.run([train_op, global_step, x, y_])
        results.append([numpy.round(xs.astype(numpy.float64), 5).tolist(), ys.astype(numpy.int64).tolist()])

    # Ask for all the services to stop.
    sv.stop()
    return results, len(results)
