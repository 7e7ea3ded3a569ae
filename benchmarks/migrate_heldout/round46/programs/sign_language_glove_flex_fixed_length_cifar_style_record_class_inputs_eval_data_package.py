import os

import numpy as np
import tensorflow as tf

from sign46_lib import glove_input



def write_bins(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(4609)
    n = glove_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL
    with open(os.path.join(folder, 'test_batch.bin'), 'wb') as f:
        for _ in range(n):
            label = np.array([rng.randint(glove_input.NUM_ClASSES)], np.uint8)
            flex = rng.randint(0, 256, size=glove_input.NUM_FRAMES * glove_input.NUM_SENSORS).astype(np.uint8)
            f.write(label.tobytes() + flex.tobytes())


def main(data_dir):
    folder = os.path.join(data_dir, 'h46_glove_flex')
    write_bins(folder)
    frames, labels = glove_input.inputs(eval_data=True, data_dir=folder, batch_size=3)
    mean_bend = tf.reduce_mean(frames, axis=[1, 2, 3])

    res = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    num_iter = int(np.ceil(glove_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL / 3))
    step = 0
    while step < num_iter and not coord.should_stop():
        f, l, m = sess.run([frames, labels, mean_bend])
        res.append([np.round(f[..., 0], 4).tolist(), l.tolist(), np.round(m, 4).tolist()])
        step += 1
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=10)
    sess.close()
    return {'batches': res, 'end': 'signs: %d' % (step * 3)}
