"""Train and eval inputs from one function called twice with a flag; the eval call is the one run."""

import tensorflow.compat.v1 as tf


def inputs(data_dir, eval_data, batch_size):
    if not eval_data:
        filenames = [data_dir + "/records-%d.tfrecord" % i for i in range(3)]
        num_epochs = None
    else:
        filenames = [data_dir + "/records-3.tfrecord"]
        num_epochs = 1
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
    label = parsed["label"]
    return tf.train.batch([label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    labels = inputs(data_dir, eval_data=True, batch_size=10)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(labels).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
