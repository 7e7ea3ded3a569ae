"""Two-stage hand-built queues: a FIFOQueue of file names filled by enqueue_many and closed, a reader on it,
an example FIFOQueue filled by a QueueRunner, batches by dequeue_many."""
import os

import tensorflow.compat.v1 as tf

LOGS = {
    'audit-2016-01.log': ['alice,3', 'bob,0', 'carol,12', 'dave,5'],
    'audit-2016-02.log': ['erin,7', 'frank,1', 'grace,4', 'heidi,9', 'ivan,2'],
}


def main(data_dir):
    root = os.path.join(data_dir, 'h29_audit_logs_hand_filename_fifo_closed_reader_queue')
    os.makedirs(root, exist_ok=True)
    filenames = []
    for name in sorted(LOGS):
        path = os.path.join(root, name)
        with open(path, 'w') as f:
            f.write('\n'.join(LOGS[name]) + '\n')
        filenames.append(path)

    filename_queue = tf.FIFOQueue(capacity=10, dtypes=[tf.string], shapes=[[]], name='filename_queue')
    fill_filenames = filename_queue.enqueue_many([tf.constant(filenames)])
    close_filenames = filename_queue.close()

    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    user, count = tf.decode_csv(line, record_defaults=[[''], [0]])

    example_queue = tf.FIFOQueue(capacity=20, dtypes=[tf.string, tf.int32], shapes=[[], []],
                                 name='example_queue')
    enqueue_op = example_queue.enqueue([user, count])
    tf.train.add_queue_runner(tf.train.QueueRunner(example_queue, [enqueue_op]))
    users, counts = example_queue.dequeue_many(3)

    batches = []
    with tf.Session() as sess:
        sess.run(fill_filenames)
        sess.run(close_filenames)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                u, c = sess.run([users, counts])
                batches.append([[v.decode() for v in u], c.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'example queue closed'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
