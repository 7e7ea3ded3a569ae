"""DCGAN-style binary sample reader: a CIFAR-like read function returns a record object (key, label, sample) from
a FixedLengthRecordReader, a distorted_inputs-like function shuffles them into batches with two threads; the
training loop polls coord.should_stop() and ends on OutOfRangeError."""

import os

import tensorflow as tf

HEADER_BYTES = 4
LABEL_BYTES = 4
SAMPLE_BYTES = 4
NUM_FILES = 3


class SampleRecord(object):
    pass


def read_binary_sample(filename_queue):
    result = SampleRecord()
    result.height, result.width = 1, 1
    record_bytes = LABEL_BYTES + SAMPLE_BYTES
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=HEADER_BYTES)
    result.key, value = reader.read(filename_queue)
    record = tf.compat.v1.decode_raw(value, tf.int32)
    result.label = record[0]
    result.sample = tf.reshape(tf.cast(record[1:], tf.float32), [result.height, result.width])
    return result


def inputs(data_dir, batch_size, num_epochs):
    filenames = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(NUM_FILES)]
    for f in filenames:
        if not tf.io.gfile.exists(f):
            raise ValueError("Failed to find file: " + f)
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=num_epochs)
    read_input = read_binary_sample(filename_queue)
    sample = (read_input.sample - 50.0) / 50.0
    min_queue_examples = 20
    sample_batch, label_batch = tf.compat.v1.train.shuffle_batch(
        [sample, read_input.label], batch_size=batch_size, num_threads=2,
        capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples,
        allow_smaller_final_batch=True)
    return sample_batch, label_batch


def main(data_dir):
    samples, labels = inputs(data_dir, batch_size=10, num_epochs=4)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.group(tf.compat.v1.global_variables_initializer(),
                                tf.compat.v1.local_variables_initializer()))
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    end = None
    try:
        step = 0
        while not coord.should_stop():
            s, l = sess.run([samples, labels])
            batches.append([[round(x[0][0], 4) for x in s.tolist()], l.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
