"""One reader's record parsed by copies of per-element code (Inception's one-reader branch): the read before
the loop, ``shuffle_batch_join`` over the copies; ``import tensorflow as tf`` with TF1 calls through
``tf.compat.v1`` and ``from tensorflow.compat.v1 import train``."""

import tensorflow as tf
from tensorflow.compat.v1 import train


def decode(serialized, scale):
    parsed = tf.io.parse_single_example(serialized, {"x": tf.io.FixedLenFeature([3], tf.float32),
                                                     "label": tf.io.FixedLenFeature([], tf.int64)})
    return {"x": parsed["x"] * scale, "label": parsed["label"]}


def inputs(files, batch_size, threads=2):
    queue = train.string_input_producer(files, num_epochs=2)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(queue)
    examples = []
    for _ in range(threads):
        examples.append(decode(serialized, 3.0))
    return train.shuffle_batch_join(examples, batch_size=batch_size, capacity=200, min_after_dequeue=50,
                                    allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(tf.io.gfile.glob(data_dir + "/records-*.tfrecord"))
    batch = inputs(files, 25)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out = sess.run(batch)
                batches.append({"x": out["x"].tolist(), "label": out["label"].tolist()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
