"""The how-to shape: read_and_decode(filename_queue) decodes one record; inputs() makes producer and batch."""

import tensorflow.compat.v1 as tf

NUM_EPOCHS = 1


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        })
    # scale the features as the model wants them
    x = features["x"] * 2.0
    label = tf.cast(features["label"], tf.int32)
    return x, label


def inputs(data_dir, batch_size, num_epochs):
    filenames = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
        x, label = read_and_decode(filename_queue)
        xs, labels = tf.train.batch([x, label], batch_size=batch_size, capacity=100,
                                    allow_smaller_final_batch=True)
    return xs, labels


def main(data_dir):
    xs, labels = inputs(data_dir, batch_size=20, num_epochs=NUM_EPOCHS)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        step = 0
        while not coord.should_stop():
            a, b = sess.run([xs, labels])
            batches.append([a.tolist(), b.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
