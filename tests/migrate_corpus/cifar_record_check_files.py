"""The CIFAR-10 input module's shape: a Record class filled by read_cifar10(filename_queue), files checked
with tf.gfile.Exists, a batch helper with a shuffle argument and min_queue_examples from a fraction."""

import tensorflow.compat.v1 as tf

NUM_EXAMPLES_PER_EPOCH = 36


def read_records(filename_queue):
    class Record(object):
        pass

    result = Record()
    label_bytes = 4
    result.value_bytes = 4
    record_bytes = label_bytes + result.value_bytes
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=4)
    result.key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.int32)
    result.label = tf.cast(tf.strided_slice(record, [0], [1]), tf.int32)
    result.value = tf.reshape(tf.strided_slice(record, [1], [2]), [1])
    return result


def _generate_batch(value, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 1
    if shuffle:
        values, label_batch = tf.train.shuffle_batch(
            [value, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
    else:
        values, label_batch = tf.train.batch(
            [value, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return values, tf.reshape(label_batch, [batch_size])


def inputs(data_dir, batch_size):
    filenames = [data_dir + "/fixed-%d.bin" % i for i in range(3)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)
    read_input = read_records(filename_queue)
    value = tf.cast(read_input.value, tf.float32)
    read_input.label.set_shape([1])
    min_fraction_of_examples_in_queue = 0.4
    min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH * min_fraction_of_examples_in_queue)
    return _generate_batch(value, read_input.label, min_queue_examples, batch_size, shuffle=False)


def main(data_dir):
    values, labels = inputs(data_dir, 8)
    out = []
    sess = tf.Session()
    tf.train.start_queue_runners(sess=sess)
    for _ in range(6):
        v, l = sess.run([values, labels])
        out.append([v.tolist(), l.tolist()])
    return {"batches": out, "end": "steps"}
