"""File names straight from a string_input_producer's dequeue, each file read whole per element into a hand-built
FIFOQueue read by dequeue_up_to (`import tensorflow as tf`, tf.compat.v1 calls): the short last batch kept."""
import os

import tensorflow as tf


def main(data_dir):
    root = os.path.join(data_dir, 'r29a_names')
    os.makedirs(root, exist_ok=True)
    files = []
    for i in range(7):
        path = os.path.join(root, 'part-%d.txt' % i)
        with open(path, 'w') as f:
            f.write('line %d ' % i * (i + 1))
        files.append(path)
    names = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    contents = tf.io.read_file(names.dequeue())
    size = tf.strings.length(contents)
    queue = tf.compat.v1.FIFOQueue(capacity=8, dtypes=[tf.string, tf.int32], shapes=[[], []])
    enqueue = queue.enqueue([contents, size])
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(queue, [enqueue]))
    text, sizes = queue.dequeue_up_to(3)
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([text, sizes])
                out.append([[t.decode() for t in a], b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
