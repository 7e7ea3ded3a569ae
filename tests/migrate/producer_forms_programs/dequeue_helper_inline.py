"""No reader: a helper takes the file-name queue and reads `tf.io.read_file(queue.dequeue())` inline (the dequeue
inside an expression); `import tensorflow as tf` with `tf1 = tf.compat.v1`; two epochs in order."""

import os

import tensorflow as tf

tf1 = tf.compat.v1


def png_size(queue, scale):
    contents = tf.io.read_file(queue.dequeue())
    size = tf.strings.length(contents) * scale
    return size, tf.strings.substr(contents, 0, 4)


def main(data_dir):
    names = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
    queue = tf1.train.string_input_producer(names, num_epochs=2, shuffle=False)
    size, magic = png_size(queue, 3)
    size_batch, magic_batch = tf1.train.batch([size, magic], batch_size=4, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, m = sess.run([size_batch, magic_batch])
                batches.append([s.tolist(), [x.decode("latin-1") for x in m]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
