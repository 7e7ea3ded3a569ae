"""A helper returns a list of a producer and a plain value (the file count), spelled tf.compat.v1 in full."""
import os

import tensorflow as tf


def make_files(root):
    for i in range(6):
        with open(os.path.join(root, 'sample_%d.txt' % i), 'w') as f:
            f.write('%d,%d' % (i, i * i))


def file_producer(root, epochs):
    names = sorted(os.listdir(root))
    files = [os.path.join(root, n) for n in names]
    return [tf.compat.v1.train.string_input_producer(files, num_epochs=epochs, shuffle=False), len(files)]


def main(data_dir):
    root = os.path.join(data_dir, 'r42t_spelled')
    os.makedirs(root, exist_ok=True)
    make_files(root)
    with tf.Graph().as_default():
        queue, count = file_producer(root, 2)
        name = queue.dequeue()
        a, b = tf.io.decode_csv(tf.io.read_file(name), [[0], [0]])
        xs, ys = tf.compat.v1.train.batch([a, b], batch_size=4)
        batches = []
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.local_variables_initializer())
            coord = tf.compat.v1.train.Coordinator()
            threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
            try:
                while True:
                    x, y = sess.run([xs, ys])
                    batches.append([x.tolist(), y.tolist()])
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "files: %d" % count}
