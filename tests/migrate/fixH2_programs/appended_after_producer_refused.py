"""The list grown after the producer read it: not the list the producer sliced, so it is refused."""
import tensorflow.compat.v1 as tf


def build(extra):
    tensors = [[1, 2, 3, 4], [5, 6, 7, 8]]
    if extra:
        tensors.append([0, 0, 1, 1])
    sliced = tf.train.slice_input_producer(tensors, num_epochs=1, shuffle=False)
    tensors.append([9, 9, 9, 9])
    return tf.train.batch([sliced[0], sliced[1]], batch_size=2)


def main(data_dir):
    a, b = build(True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([a, b])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
