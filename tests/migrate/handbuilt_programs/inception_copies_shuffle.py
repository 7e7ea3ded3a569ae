"""The large image model's ``batch_inputs``: a RandomShuffleQueue of serialized examples filled by the enqueue
ops of ``num_readers`` readers (``tf.train.queue_runner.add_queue_runner``), one ``dequeue``, then
``num_preprocess_threads`` copies of parse + preprocess in a loop whose index only names ops and goes to a
parameter nothing reads, joined by ``batch_join(allow_smaller_final_batch=True)``."""

import tensorflow.compat.v1 as tf


def parse_example_proto(example_serialized):
    features = tf.parse_single_example(example_serialized, {
        "x": tf.FixedLenFeature([3], dtype=tf.float32),
        "label": tf.FixedLenFeature([], dtype=tf.int64, default_value=-1)})
    return features["x"], tf.cast(features["label"], dtype=tf.int32)


def image_preprocessing(image, train, thread_id=0):
    # real code distorts per thread; this one does the same thing in every copy
    image = tf.reverse(image, axis=[0]) if train else image
    return image * 2.0


def batch_inputs(data_files, batch_size, train, num_preprocess_threads=3, num_readers=2):
    with tf.name_scope("batch_processing"):
        filename_queue = tf.train.string_input_producer(data_files, shuffle=True, num_epochs=1, capacity=16)
        examples_per_shard = 45
        min_queue_examples = examples_per_shard * 2
        examples_queue = tf.RandomShuffleQueue(capacity=min_queue_examples + 3 * batch_size,
                                               min_after_dequeue=min_queue_examples, dtypes=[tf.string])
        enqueue_ops = []
        for _ in range(num_readers):
            reader = tf.TFRecordReader()
            _, value = reader.read(filename_queue)
            enqueue_ops.append(examples_queue.enqueue([value]))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
        example_serialized = examples_queue.dequeue()
        images_and_labels = []
        for thread_id in range(num_preprocess_threads):
            image_buffer, label_index = parse_example_proto(example_serialized)
            image = image_preprocessing(image_buffer, train, thread_id)
            image = tf.identity(image, name="preprocessed_%d" % thread_id)
            images_and_labels.append([image, label_index])
        images, label_index_batch = tf.train.batch_join(
            images_and_labels, batch_size=batch_size, capacity=2 * num_preprocess_threads * batch_size,
            allow_smaller_final_batch=True)
        return images, tf.reshape(label_index_batch, [-1])


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    images, labels = batch_inputs(files, 16, train=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                im, lab = sess.run([images, labels])
                batches.append([im.tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
