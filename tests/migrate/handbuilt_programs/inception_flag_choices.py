"""Inception's ``batch_inputs`` with its choices: the file producer and the examples queue each chosen by
``if train:`` (a RandomShuffleQueue when training, a FIFOQueue otherwise), ``num_readers > 1`` choosing k
readers' enqueue ops or one reader read directly, then copies of parse + preprocess joined by ``batch_join``;
all under ``tf.name_scope``. Run for training and for evaluation, each to the end of its epoch."""

import tensorflow.compat.v1 as tf


def parse_example_proto(example_serialized):
    features = tf.parse_single_example(example_serialized, {
        "x": tf.FixedLenFeature([3], dtype=tf.float32),
        "label": tf.FixedLenFeature([], dtype=tf.int64, default_value=-1)})
    return features["x"], tf.cast(features["label"], dtype=tf.int32)


def batch_inputs(data_files, batch_size, train, num_preprocess_threads=2, num_readers=2):
    with tf.name_scope("batch_processing"):
        if train:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16, num_epochs=1)
        else:
            filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1, num_epochs=1)
        examples_per_shard = 45
        min_queue_examples = examples_per_shard * 2
        if train:
            examples_queue = tf.RandomShuffleQueue(capacity=min_queue_examples + 3 * batch_size,
                                                   min_after_dequeue=min_queue_examples, dtypes=[tf.string])
        else:
            examples_queue = tf.FIFOQueue(capacity=examples_per_shard + 3 * batch_size, dtypes=[tf.string])
        if num_readers > 1:
            enqueue_ops = []
            for _ in range(num_readers):
                reader = tf.TFRecordReader()
                _, value = reader.read(filename_queue)
                enqueue_ops.append(examples_queue.enqueue([value]))
            tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
            example_serialized = examples_queue.dequeue()
        else:
            reader = tf.TFRecordReader()
            _, example_serialized = reader.read(filename_queue)
        images_and_labels = []
        for thread_id in range(num_preprocess_threads):
            image, label_index = parse_example_proto(example_serialized)
            images_and_labels.append([image, label_index])
        images, label_index_batch = tf.train.batch_join(
            images_and_labels, batch_size=batch_size, capacity=2 * num_preprocess_threads * batch_size,
            allow_smaller_final_batch=True)
        return images, tf.reshape(label_index_batch, [-1])


def _drain(sess, tensors):
    out = []
    try:
        while True:
            im, lab = sess.run(tensors)
            out.append([im.tolist(), lab.tolist()])
    except tf.errors.OutOfRangeError:
        return out


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    train = batch_inputs(files, 16, train=True)
    evaluation = batch_inputs(files, 20, train=False, num_readers=1)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = _drain(sess, train) + _drain(sess, evaluation)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
