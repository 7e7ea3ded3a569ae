"""Train/validation switch of public TF1 trainers: both pipelines are built, `tf.cond` on an `is_training`
placeholder picks the batch, and the batch size is a non-trainable variable initialised from a fed placeholder
(`tf.Variable(tf.placeholder(...), collections=[])`)."""

import os

import tensorflow.compat.v1 as tf


def _get_batch(files, batch_size, name):
    with tf.name_scope(name):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        })
        return tf.train.batch([parsed["x"], parsed["label"]], batch_size=batch_size, capacity=64)


def _get_data(data_dir, is_training):
    batch_size = tf.Variable(tf.placeholder(tf.int32, [], "batch_size"), trainable=False, collections=[])
    init_data = tf.variables_initializer([batch_size])
    train_files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(3)]
    val_files = [os.path.join(data_dir, "records-3.tfrecord")]
    train_x, train_y = _get_batch(train_files, batch_size, "train_input")
    val_x, val_y = _get_batch(val_files, batch_size, "val_input")
    x_batch, y_batch = tf.cond(is_training, lambda: (train_x, train_y), lambda: (val_x, val_y))
    return init_data, x_batch, y_batch


def main(data_dir):
    is_training = tf.placeholder(tf.bool, [], "is_training")
    init_data, x_batch, y_batch = _get_data(data_dir, is_training)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    sess.run(init_data, feed_dict={"batch_size:0": 9})
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            training = step % 3 != 2
            x, y = sess.run([x_batch, y_batch], feed_dict={is_training: training})
            batches.append([x.tolist(), y.tolist(), [training] * len(y)])
            step += 1
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError after %d steps" % step
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}
