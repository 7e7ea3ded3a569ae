"""Two reader threads (a QueueRunner of two copies of one enqueue op) fill a FIFOQueue read by dequeue_up_to(3);
once the loop has run it to OutOfRangeError, the program reads the queue's size (`import tensorflow as tf`)."""
import os

import tensorflow as tf


def write_logs(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for part in range(2):
        path = os.path.join(folder, "part_%d.csv" % part)
        with open(path, "w") as f:
            for i in range(6):
                f.write("%d,%d\n" % (part * 100 + i, (part + i) % 3))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_logs(os.path.join(data_dir, "r41q_runner_size"))
    files = tf.compat.v1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader()
    _, line = reader.read(files)
    ident, label = tf.compat.v1.decode_csv(line, record_defaults=[[0], [0]])
    queue = tf.compat.v1.FIFOQueue(10, [tf.int32, tf.int32], shapes=[[], []])
    enqueue_op = queue.enqueue([ident, label])
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(queue, [enqueue_op] * 2))
    ids, labels = queue.dequeue_up_to(3)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, l = sess.run([ids, labels])
                batches.append([i.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        left = sess.run(queue.size())
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "left: %d" % left}
