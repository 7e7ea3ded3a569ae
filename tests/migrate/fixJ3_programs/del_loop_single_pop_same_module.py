"""Columns removed by `del` in a loop over a tuple, one popped by name, a dict comprehension filtering another,
all before a batch(enqueue_many=True) of the dict, in a helper of this module."""
import os

import tensorflow.compat.v1 as tf

NAMES = ('a', 'b', 'c', 'd', 'e')
DROPPED = ('b', 'd')


def make_features(path, size):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, lines = tf.TextLineReader().read_up_to(queue, size)
    parts = tf.decode_csv(lines, record_defaults=[[0], [0], [0.0], [0], ['']])
    feats = {name: part for name, part in zip(NAMES, parts)}
    for name in DROPPED:
        del feats[name]
    feats.pop('c')
    feats = {k: v for k, v in feats.items() if k != 'zzz'}
    return tf.train.batch(feats, size, enqueue_many=True, allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, 'fj3_del')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    with open(path, 'w') as f:
        for i in range(7):
            f.write('%d,%d,%.1f,%d,s%d\n' % (i, i + 1, i * 0.25, i + 2, i))
    batch = make_features(path, 3)
    out, end = [], "none"
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                out.append([sorted(b), b['a'].tolist(), [x.decode() for x in b['e']]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
