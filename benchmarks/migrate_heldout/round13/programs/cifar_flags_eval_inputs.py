"""CIFAR-10 style input code: tf.app.flags at module level, a model-level `inputs(eval_data)` that reads the
flags and builds under `tf.device('/cpu:0')`, the input module's `inputs(eval_data, data_dir, batch_size)`,
a fixed-length record reader, and a `_generate_image_and_label_batch(..., shuffle)` helper choosing between
shuffle_batch and batch (evaluation: in order)."""

import os

import tensorflow.compat.v1 as tf

FLAGS = tf.app.flags.FLAGS
tf.app.flags.DEFINE_integer("h13_cifar_batch_size", 7, """Number of records to process in a batch.""")
tf.app.flags.DEFINE_string("h13_cifar_data_dir", "/tmp/cifar10_data", """Path to the data directory.""")

LABEL_BYTES = 4
VALUE_BYTES = 4
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 12


def read_fixed(filename_queue):
    record_bytes = LABEL_BYTES + VALUE_BYTES
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=4)
    key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.int32)
    label = tf.strided_slice(record, [0], [1])
    value = tf.strided_slice(record, [1], [2])
    return tf.reshape(value, []), tf.reshape(label, [])


def _generate_image_and_label_batch(image, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 2
    if shuffle:
        images, label_batch = tf.train.shuffle_batch(
            [image, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples,
            allow_smaller_final_batch=True)
    else:
        images, label_batch = tf.train.batch(
            [image, label], batch_size=batch_size, num_threads=1,
            capacity=min_queue_examples + 3 * batch_size, allow_smaller_final_batch=True)
    return images, tf.reshape(label_batch, [-1])


def cifar10_input_inputs(eval_data, data_dir, batch_size):
    if not eval_data:
        filenames = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(2)]
    else:
        filenames = [os.path.join(data_dir, "fixed-2.bin")]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)

    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
        value, label = read_fixed(filename_queue)
        float_value = tf.cast(value, tf.float32) / 3.0
        min_fraction_of_examples_in_queue = 0.4
        min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH_FOR_EVAL * min_fraction_of_examples_in_queue)
    return _generate_image_and_label_batch(float_value, label, min_queue_examples, batch_size, shuffle=False)


def inputs(eval_data):
    if not FLAGS.h13_cifar_data_dir:
        raise ValueError("Please supply a data_dir")
    with tf.device("/cpu:0"):
        images, labels = cifar10_input_inputs(eval_data=eval_data, data_dir=FLAGS.h13_cifar_data_dir,
                                              batch_size=FLAGS.h13_cifar_batch_size)
    return images, labels


def main(data_dir):
    FLAGS(["cifar10_eval", "--h13_cifar_data_dir=" + data_dir], known_only=True)
    images, labels = inputs(eval_data=False)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                images_v, labels_v = sess.run([images, labels])
                batches.append([images_v.tolist(), labels_v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return {"batches": batches, "end": end}
