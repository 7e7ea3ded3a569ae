"""Image-captioning shape: `prefetch_input_data` fills a RandomShuffleQueue from several readers' enqueue ops
with a QueueRunner; several dequeue+parse copies are joined with `batch_join`."""

import os

import tensorflow.compat.v1 as tf


def prefetch_input_data(reader, file_pattern, is_training, batch_size, values_per_shard,
                        input_queue_capacity_factor=2, num_reader_threads=1,
                        shard_queue_name="filename_queue", value_queue_name="input_queue"):
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(tf.gfile.Glob(pattern))
    data_files.sort()
    if not data_files:
        raise ValueError("Found no input files matching %s" % file_pattern)

    if is_training:
        filename_queue = tf.train.string_input_producer(
            data_files, shuffle=True, capacity=16, num_epochs=1, name=shard_queue_name)
        min_queue_examples = values_per_shard * input_queue_capacity_factor
        capacity = min_queue_examples + 100 * batch_size
        values_queue = tf.RandomShuffleQueue(
            capacity=capacity,
            min_after_dequeue=min_queue_examples,
            dtypes=[tf.string],
            name="random_" + value_queue_name)
    else:
        filename_queue = tf.train.string_input_producer(
            data_files, shuffle=False, capacity=1, num_epochs=1, name=shard_queue_name)
        capacity = values_per_shard + 3 * batch_size
        values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string], name="fifo_" + value_queue_name)

    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def parse_sequence_example(serialized):
    parsed = tf.parse_single_example(serialized, features={
        "x": tf.FixedLenFeature([3], dtype=tf.float32),
        "label": tf.FixedLenFeature([], dtype=tf.int64),
    })
    return parsed["x"], parsed["label"]


def build_inputs(data_dir, batch_size=12, num_preprocess_threads=2):
    reader = tf.TFRecordReader()
    input_queue = prefetch_input_data(
        reader, os.path.join(data_dir, "records-*.tfrecord"), is_training=True,
        batch_size=batch_size, values_per_shard=20, num_reader_threads=2)
    enqueue_list = []
    for thread_id in range(num_preprocess_threads):
        serialized_sequence_example = input_queue.dequeue()
        x, label = parse_sequence_example(serialized_sequence_example)
        x = x + tf.cast(thread_id * 0, tf.float32)
        enqueue_list.append([x, label])
    queue_capacity = 2 * num_preprocess_threads * batch_size
    xs, labels = tf.train.batch_join(enqueue_list, batch_size=batch_size, capacity=queue_capacity,
                                     dynamic_pad=True, allow_smaller_final_batch=True, name="batch_and_pad")
    return xs, labels


def main(data_dir):
    g = tf.get_default_graph()
    with g.as_default():
        xs, labels = build_inputs(data_dir)
        init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    sess = tf.Session(graph=g)
    sess.run(init)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    end = None
    try:
        while True:
            x, l = sess.run([xs, labels])
            batches.append([x.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
