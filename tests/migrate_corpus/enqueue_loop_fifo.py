"""The image model's "prefetch" pattern with a FIFOQueue: a loop makes num_readers readers whose enqueue
ops fill the queue, the runner is added through tf.train.queue_runner, and the dequeued record is parsed
and batched."""

import tensorflow.compat.v1 as tf


def parse_example_proto(example_serialized):
    feature_map = {
        "x": tf.FixedLenFeature([3], dtype=tf.float32),
        "label": tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1),
    }
    features = tf.parse_single_example(example_serialized, feature_map)
    label = tf.cast(features["label"], dtype=tf.int32)
    return features["x"], label


def batch_inputs(data_files, batch_size, num_readers=2):
    with tf.name_scope("batch_processing"):
        filename_queue = tf.train.string_input_producer(data_files, shuffle=False, num_epochs=1, capacity=16)
        examples_per_shard = 45
        min_queue_examples = examples_per_shard * 2
        examples_queue = tf.FIFOQueue(capacity=examples_per_shard + 3 * batch_size, dtypes=[tf.string])
        enqueue_ops = []
        for _ in range(num_readers):
            reader = tf.TFRecordReader()
            _, value = reader.read(filename_queue)
            enqueue_ops.append(examples_queue.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
        example_serialized = examples_queue.dequeue()
        x, label_index = parse_example_proto(example_serialized)
        xs, label_index_batch = tf.train.batch_join([[x, label_index]], batch_size=batch_size,
                                                    capacity=min_queue_examples, allow_smaller_final_batch=True)
        return xs, tf.reshape(label_index_batch, [-1])


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    xs, labels = batch_inputs(files, 30)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
