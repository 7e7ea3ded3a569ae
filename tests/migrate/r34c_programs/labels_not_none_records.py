"""Examples in one TFRecord file and, when given, labels in another, each read by the same helper."""
import os

import tensorflow.compat.v1 as tf


def _write(path, values):
    with tf.python_io.TFRecordWriter(path) as writer:
        for v in values:
            ex = tf.train.Example(features=tf.train.Features(feature={
                "v": tf.train.Feature(int64_list=tf.train.Int64List(value=[v, v + 1]))}))
            writer.write(ex.SerializeToString())


def read_pair(path):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, features={"v": tf.FixedLenFeature([2], tf.int64)})
    return parsed["v"]


def make_batch(examples_path, labels_path=None, batch_size=2):
    """The batch of examples, with their labels where a labels file is given."""
    example = read_pair(examples_path)
    tensors = [example, tf.reduce_sum(example)]
    if labels_path is not None:
        tensors.append(read_pair(labels_path)[0])
    return tf.train.shuffle_batch(tensors, batch_size=batch_size, capacity=10, min_after_dequeue=2)


def main(data_dir):
    root = os.path.join(data_dir, "r34c_none")
    os.makedirs(root, exist_ok=True)
    _write(os.path.join(root, "examples.tfrecords"), range(0, 80, 10))
    _write(os.path.join(root, "labels.tfrecords"), range(100, 108))
    labelled = make_batch(os.path.join(root, "examples.tfrecords"), os.path.join(root, "labels.tfrecords"))
    plain = make_batch(os.path.join(root, "examples.tfrecords"), None, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for fetch in (labelled, plain):
            try:
                while True:
                    batches.append([t.tolist() for t in sess.run(fetch)])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
