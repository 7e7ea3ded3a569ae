"""mnist_replica's worker loop on make_data's TFRecords: `is_chief` from a task index, a `Supervisor(is_chief,
logdir=None, init_op, recovery_wait_secs=1, global_step)`, the session from
`sv.prepare_or_wait_for_session(config=...)` (which starts the queue runners), a `while True` loop over a
train op with an endless producer that breaks after `train_steps` local steps, then `sv.stop()`."""

import collections
import os
import time

import tensorflow.compat.v1 as tf

Flags = collections.namedtuple("Flags", "task_index train_steps batch_size hidden_units learning_rate")

NUM_CLASSES = 5


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example, features={
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    x = features["x"] / 100.0
    label = tf.cast(features["label"] % NUM_CLASSES, tf.int32)
    return x, label


def train_inputs(data_dir, batch_size):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    filename_queue = tf.train.string_input_producer(files, shuffle=False)
    x, label = read_and_decode(filename_queue)
    return tf.train.batch([x, label], batch_size=batch_size, capacity=3 * batch_size)


def main(data_dir):
    FLAGS = Flags(task_index=0, train_steps=9, batch_size=10, hidden_units=4, learning_rate=0.05)
    is_chief = (FLAGS.task_index == 0)

    x_batch, y_batch = train_inputs(data_dir, FLAGS.batch_size)

    # Variables of the hidden layer
    hid_w = tf.Variable(tf.fill([3, FLAGS.hidden_units], 0.1), name="hid_w")
    hid_b = tf.Variable(tf.zeros([FLAGS.hidden_units]), name="hid_b")
    # Variables of the softmax layer
    sm_w = tf.Variable(tf.fill([FLAGS.hidden_units, NUM_CLASSES], 0.05), name="sm_w")
    sm_b = tf.Variable(tf.zeros([NUM_CLASSES]), name="sm_b")

    hid = tf.nn.relu(tf.nn.xw_plus_b(x_batch, hid_w, hid_b))
    logits = tf.nn.xw_plus_b(hid, sm_w, sm_b)
    cross_entropy = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y_batch, logits=logits))

    global_step = tf.Variable(0, name="global_step", trainable=False)
    opt = tf.train.AdamOptimizer(FLAGS.learning_rate)
    train_step = opt.minimize(cross_entropy, global_step=global_step)

    init_op = tf.global_variables_initializer()
    sv = tf.train.Supervisor(is_chief=is_chief, logdir=None, init_op=init_op, recovery_wait_secs=1,
                             global_step=global_step)

    sess_config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)

    # The chief worker (task_index==0) session will prepare the session, while the remaining workers will
    # wait for the preparation to complete.
    if is_chief:
        print("Worker %d: Initializing session..." % FLAGS.task_index)
    else:
        print("Worker %d: Waiting for session to be initialized..." % FLAGS.task_index)

    sess = sv.prepare_or_wait_for_session(config=sess_config)
    print("Worker %d: Session initialization complete." % FLAGS.task_index)

    # Perform training
    time_begin = time.time()
    batches = []
    local_step = 0
    while True:
        _, xs, ys, loss = sess.run([train_step, x_batch, y_batch, cross_entropy])
        local_step += 1
        batches.append([[[round(float(v), 4) for v in row] for row in xs], ys.tolist(), round(float(loss), 4)])
        if local_step >= FLAGS.train_steps:
            break

    training_time = time.time() - time_begin
    print("Training elapsed time: %f s" % training_time)
    step = int(sess.run(global_step))
    sv.stop()
    return {"batches": batches, "end": step}
