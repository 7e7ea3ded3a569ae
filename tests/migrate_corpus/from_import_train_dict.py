"""`from tensorflow.compat.v1 import train` with the io namespace for parsing; a parse helper returns a dict."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def parse(serialized):
    parsed = tf.io.parse_single_example(serialized, {
        "x": tf.io.FixedLenFeature([3], tf.float32),
        "label": tf.io.FixedLenFeature([], tf.int64),
    })
    return {"features": parsed["x"] + 1.0, "label": parsed["label"]}


def main(data_dir):
    files = tf.io.gfile.glob(data_dir + "/records-*.tfrecord")
    files.sort()
    filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, record = tf.TFRecordReader().read(filename_queue)
    example = parse(record)
    batch = train.batch(example, batch_size=32, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                got = sess.run(batch)
                out.append({k: v.tolist() for k, v in got.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
