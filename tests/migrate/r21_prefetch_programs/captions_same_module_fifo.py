"""im2txt's input side in one module: `prefetch_input_data(reader, ...)` returns a values queue chosen by
`is_training` (given False), filled by the reader's enqueue ops under a QueueRunner; one `dequeue()` per
preprocessing copy, caption slices and an indicator mask, `batch_join(dynamic_pad=True)`."""

import os

import tensorflow.compat.v1 as tf


def parse(serialized):
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([1], tf.int64)})
    caption = tf.range(tf.reshape(features["label"], []) % 4 + 2)
    return features["x"], caption


def prefetch_input_data(reader, file_pattern, is_training, batch_size, values_per_shard=8,
                        num_reader_threads=2, shard_queue_name="filename_queue"):
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(tf.gfile.Glob(pattern))
    if not data_files:
        raise IOError("Found no input files matching %s" % file_pattern)
    data_files.sort()
    if is_training:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16,
                                                        name=shard_queue_name)
        values_queue = tf.RandomShuffleQueue(capacity=values_per_shard + 10 * batch_size,
                                             min_after_dequeue=values_per_shard, dtypes=[tf.string])
    else:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1, num_epochs=1,
                                                        name=shard_queue_name)
        values_queue = tf.FIFOQueue(capacity=values_per_shard + 3 * batch_size, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def main(data_dir):
    reader = tf.TFRecordReader()
    input_queue = prefetch_input_data(reader, os.path.join(data_dir, "records-*.tfrecord"), is_training=False,
                                      batch_size=4)
    enqueue_list = []
    for thread_id in range(2):
        serialized = input_queue.dequeue()
        x, caption = parse(serialized)
        caption_length = tf.shape(caption)[0]
        input_length = tf.expand_dims(tf.subtract(caption_length, 1), 0)
        input_seq = tf.slice(caption, [0], input_length)
        target_seq = tf.slice(caption, [1], input_length)
        indicator = tf.ones(input_length, dtype=tf.int32)
        enqueue_list.append([x * 2.0, input_seq, target_seq, indicator])
    xs, input_seqs, target_seqs, mask = tf.train.batch_join(enqueue_list, batch_size=4, capacity=16,
                                                            dynamic_pad=True, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b, c, m = sess.run([xs, input_seqs, target_seqs, mask])
                lengths = m.sum(axis=1).tolist()
                batches.append([a.tolist(), [r[:n].tolist() for r, n in zip(b, lengths)],
                                [r[:n].tolist() for r, n in zip(c, lengths)], lengths,
                                [all(v == 0 for v in r[n:]) and len(r) == max(lengths)
                                 for r, n in zip(b.tolist(), lengths)]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
