import tensorflow.compat.v1 as tf


def read(files):
    q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, v = tf.TextLineReader().read(q)
    return v


def run_all(batch):
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return out
