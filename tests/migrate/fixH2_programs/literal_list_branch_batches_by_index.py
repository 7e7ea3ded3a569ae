"""A literal tensor list sliced into one name, read by index, its batch chosen by a flag in a plain function
(the branch reads a slice itself: ``sliced[2]``)."""
import tensorflow as tf1

tf = tf1.compat.v1


def batches_of(keep_third):
    sliced = tf.train.slice_input_producer([[1, 2, 3, 4, 5, 6], [10., 20., 30., 40., 50., 60.], [7, 8, 9, 7, 8, 9]],
                                           num_epochs=1, shuffle=False)
    total = sliced[0] + tf.cast(sliced[1], tf.int32)
    if keep_third:
        out = tf.train.batch([total, sliced[2]], batch_size=2)
    else:
        out = tf.train.batch([total, sliced[0]], batch_size=4)
    return out


def main(data_dir):
    first, second = batches_of(True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([first, second])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
