"""parse_single_example's dict handed straight to shuffle_batch: the batch is a dict too."""

from tensorflow.compat import v1 as tf


def main(data_dir):
    files = tf.gfile.Glob(data_dir + "/records-*.tfrecord")
    producer = tf.train.string_input_producer(sorted(files), num_epochs=2, seed=11)
    _, serialized = tf.TFRecordReader(name="examples").read(producer)
    features = tf.parse_single_example(serialized, features={
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    batch = tf.train.shuffle_batch(features, batch_size=32, capacity=256, min_after_dequeue=64, num_threads=2,
                                   allow_smaller_final_batch=True, seed=11)
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
