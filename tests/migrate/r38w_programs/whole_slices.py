"""Lists of tensors whose length is known only when the program runs (a comprehension over a dict's keys),
sliced by `slice_input_producer` and batched whole: two tensors and a label (a list of three), and one tensor
alone (legacy's batch of a one-tensor list gave the tensor)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def labelled(features, labels, batch_size):
    keys = sorted(features)
    tensors = [tf.convert_to_tensor(features[k]) for k in keys] + [tf.convert_to_tensor(labels, dtype=tf.float32)]
    sliced = train.slice_input_producer(tensors, num_epochs=1, shuffle=False)
    batched = train.batch(sliced, batch_size=batch_size)
    return dict(zip(keys, batched[:-1])), batched[-1]


def unlabelled(features, batch_size):
    columns = [tf.convert_to_tensor(features[k]) for k in sorted(features)]
    sliced = train.slice_input_producer(columns, num_epochs=1, shuffle=False)
    return train.batch(sliced, batch_size)


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r38w_slices'), exist_ok=True)
    features = {'points': np.arange(8) * 3, 'team': np.array(['t%d' % i for i in range(8)])}
    batch_features, batch_labels = labelled(features, np.arange(8) % 2, 4)
    alone = unlabelled({'minutes': np.arange(6, dtype=np.float32) / 4.0}, 3)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for _ in range(2):
            f, l = sess.run([batch_features, batch_labels])
            out.append([f['points'].tolist(), [x.decode() for x in f['team']], l.tolist()])
        for _ in range(2):
            got = sess.run(alone)
            out.append([got.tolist(), [len(got.shape)]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "alone is a %s" % type(alone).__name__.replace('Symbolic', '')}
