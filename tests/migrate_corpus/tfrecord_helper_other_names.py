"""A decode helper named by the dataset (`decode_mnist`) that takes the queue as `q` and a `normalize` flag,
called under tf.name_scope from an input function with a dict batch."""

import tensorflow.compat.v1 as tf


def decode_mnist(q, normalize=True):
    rdr = tf.TFRecordReader(name="mnist_reader")
    _, ser = rdr.read(q)
    feats = tf.parse_single_example(ser, features={"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([], tf.int64)})
    img = feats["x"]
    if normalize:
        img = img / 100.0
    return {"image": img, "label": tf.cast(feats["label"], tf.int32)}


def input_fn(data_dir):
    with tf.name_scope("inputs"):
        q = tf.train.string_input_producer(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")), num_epochs=1,
                                           shuffle=False)
        example = decode_mnist(q, normalize=False)
        batch = tf.train.batch(example, batch_size=50, allow_smaller_final_batch=True)
    return batch


def main(data_dir):
    batch = input_fn(data_dir)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                out.append({k: v.tolist() for k, v in got.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
