"""Paintings split into train / test producers by one helper; only the train producer is read, the test one
returned and dropped by the caller."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 3


def _write(root):
    for i in range(8):
        with open(os.path.join(root, 'painting_%02d.txt' % i), 'w') as f:
            f.write(' '.join(str(i * 10 + k) for k in range(4)))


def _create_fname_producers(data_dir):
    lines = [os.path.join(data_dir, x) for x in sorted(os.listdir(data_dir))]
    cnt = len(lines)
    train_cnt = int(cnt * 0.75)
    train_lines = lines[:train_cnt]
    test_lines = lines[train_cnt:]
    return (tf.train.string_input_producer(train_lines, num_epochs=2, shuffle=False),
            tf.train.string_input_producer(test_lines, num_epochs=1, shuffle=False))


def _read(path):
    with tf.name_scope("read"):
        text = tf.read_file(path)
        values = tf.string_to_number(tf.string_split([text], ' ').values, tf.float32)
        return values / 10.0 - 1.0


def inputs(data_dir):
    train_producer, test_producer = _create_fname_producers(data_dir)
    path = train_producer.dequeue()
    values = _read(path)
    batch, paths = tf.train.batch([values, path], BATCH_SIZE, shapes=[[4], []])
    return batch, paths, test_producer


def main(data_dir):
    root = os.path.join(data_dir, 'r42t_split')
    os.makedirs(root, exist_ok=True)
    _write(root)
    batch, paths, _ = inputs(root)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b, p = sess.run([batch, paths])
                batches.append([np.round(b.astype(np.float64), 4).tolist(),
                                [os.path.basename(x.decode()) for x in p]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
