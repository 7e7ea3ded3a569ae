"""Train and test producers returned together, each read by its own batch."""
import os

import tensorflow.compat.v1 as tf


def write_split(root):
    for split, n in (('train', 6), ('test', 4)):
        for i in range(n):
            with open(os.path.join(root, '%s_%d.txt' % (split, i)), 'w') as f:
                f.write('%s-%d' % (split, i))


def producers(root):
    train = sorted(os.path.join(root, n) for n in os.listdir(root) if n.startswith('train'))
    test = sorted(os.path.join(root, n) for n in os.listdir(root) if n.startswith('test'))
    return tf.train.string_input_producer(train, num_epochs=1, shuffle=False), \
        tf.train.string_input_producer(test, num_epochs=1, shuffle=False)


def main(data_dir):
    root = os.path.join(data_dir, 'r42t_two')
    os.makedirs(root, exist_ok=True)
    write_split(root)
    train_queue, test_queue = producers(root)
    train_name = train_queue.dequeue()
    train_text = tf.read_file(train_name)
    train_batch = tf.train.batch([train_text], batch_size=2)
    test_name = test_queue.dequeue()
    test_text = tf.read_file(test_name)
    test_batch = tf.train.batch([test_text], batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            batches.append([[t.decode() for t in sess.run(test_batch)]])
        try:
            while True:
                batches.append([[t.decode() for t in sess.run(train_batch)]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
