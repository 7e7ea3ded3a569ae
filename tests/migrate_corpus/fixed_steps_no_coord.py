"""A tutorial's flat shape: producer, reader, parse and batch in one function; a fixed number of steps;
start_queue_runners(sess=sess) without a coordinator."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    names = [data_dir + "/records-%d.tfrecord" % i for i in range(4)]
    filename_queue = tf.train.string_input_producer(names, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example, features={
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    x_out = features["x"]
    label_out = features["label"]
    x_batch, label_batch = tf.train.batch([x_out, label_out], batch_size=7, capacity=50)
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    tf.train.start_queue_runners(sess=sess)
    out = []
    for _ in range(4):
        x_val, label_val = sess.run([x_batch, label_batch])
        out.append([x_val.tolist(), label_val.tolist()])
    sess.close()
    return {"batches": out, "end": "steps"}
