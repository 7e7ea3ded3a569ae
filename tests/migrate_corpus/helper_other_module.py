"""read_and_decode lives in another module of the tree (readers/decode.py)."""

import tensorflow.compat.v1 as tf

from readers.decode import read_and_decode


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    x, label = read_and_decode(filename_queue)
    x_batch, label_batch = tf.train.batch([x, label], batch_size=16, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x_batch, label_batch])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
