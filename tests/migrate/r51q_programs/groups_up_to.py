"""A ``read_up_to`` helper of another module, no batch: groups of up to three records, never across files."""
import os

import tensorflow as tf

from r51q_lib import groups


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_groups')
    os.makedirs(root, exist_ok=True)
    paths = []
    for k in range(2):
        paths.append(os.path.join(root, 'station%d.tfrecord' % k))
        groups.Ringing.write(paths[-1], 5, 100 * k)
    filename_queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    bird = groups.read_groups(filename_queue)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)
        try:
            while True:
                ids, sites = sess.run(bird)
                batches.append([ids.tolist(), sites.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
