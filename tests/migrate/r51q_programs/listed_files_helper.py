"""A same-module helper reading a list file, then returning the producer itself; the batch in the caller."""
import os

import tensorflow as tf

tf1 = tf.compat.v1


def make_queue(list_file):
    names = []
    with open(list_file) as f:
        for line in f:
            if line.strip():
                names.append(line.strip())
    return tf1.train.string_input_producer(names, num_epochs=1, shuffle=False)


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_listed')
    os.makedirs(root, exist_ok=True)
    paths = []
    for k in range(2):
        paths.append(os.path.join(root, 'part%d.txt' % k))
        with open(paths[-1], 'w') as f:
            f.write(''.join('%d\n' % (10 * k + i) for i in range(6)))
    with open(os.path.join(root, 'list.txt'), 'w') as f:
        f.write('\n'.join(paths) + '\n')
    queue = make_queue(os.path.join(root, 'list.txt'))
    reader = tf1.TextLineReader()
    _, line = reader.read(queue)
    value = tf.strings.to_number(line, tf.int32)
    values = tf1.train.batch([value * 3], batch_size=3)
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(values).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
