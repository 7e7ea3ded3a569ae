"""Click-through-rate training input: the reader helper returns only the serialized record, the records are
shuffled and batched still serialized, and the batch is parsed afterwards with parse_example (CTR repos)."""

import os

import tensorflow as tf


def read_and_decode(filename_queue):
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    return serialized_example


def read_batch(file_name, max_epoch, batch_size, thread_num, min_after_dequeue):
    with tf.name_scope("input"):
        filename_queue = tf.compat.v1.train.string_input_producer(
            tf.io.gfile.glob(file_name), num_epochs=max_epoch)
        serialized_example = read_and_decode(filename_queue)
        capacity = thread_num * batch_size + min_after_dequeue
        batch_serialized_example = tf.compat.v1.train.shuffle_batch(
            [serialized_example],
            batch_size=batch_size,
            num_threads=thread_num,
            capacity=capacity,
            min_after_dequeue=min_after_dequeue,
            allow_smaller_final_batch=True)
        features = tf.compat.v1.parse_example(
            batch_serialized_example,
            features={
                "label": tf.compat.v1.FixedLenFeature([], tf.int64),
                "x": tf.compat.v1.FixedLenFeature([3], tf.float32),
            })
        return features["label"], features["x"]


def main(data_dir):
    label, values = read_batch(os.path.join(data_dir, "records-*.tfrecord"), 1, 16, 2, 20)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                label_v, values_v = sess.run([label, values])
                batches.append([label_v.tolist(), values_v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
