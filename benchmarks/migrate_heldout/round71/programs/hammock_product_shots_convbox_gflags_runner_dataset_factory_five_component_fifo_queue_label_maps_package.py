# Held-out round 71: hammock product photographs with four dense label maps per image (a detection
# framework's training targets), fed by a ConvBox-style runner module (``hammock71_convbox.runner``: gflags read by a
# ``CustomRunner()`` that builds its dataset through ``hammock71_convbox.dataset.interface.dataset(params)``, a
# five-component FIFOQueue, ``dequeue_many`` split into images and a label list). The training script parses
# the flags, starts the runner's thread and runs ``max_steps`` steps with a merged summary.
# Writer changes: tiny seeded ``.npz`` data in the place of the LMDB file; steps = one pass over it; the feeding
# thread is joined before the session closes.
import os
import sys

import numpy as np
import tensorflow.compat.v1 as tf

from hammock71_convbox import runner as runner_lib

FLAGS = runner_lib.FLAGS


def _write_data(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    channels = (3 + FLAGS.output_row + FLAGS.output_col + FLAGS.num_class) * 2
    images = np.round(rng.uniform(0, 1, size=(8, FLAGS.input_row, FLAGS.input_col, 3)), 3).astype(np.float32)
    labels = rng.randint(0, 3, size=(8, 4, FLAGS.output_row, FLAGS.output_col, channels)).astype(np.float32)
    path = os.path.join(folder, 'train_val.npz')
    np.savez(path, images=images, labels=labels)
    return path


def main(data_dir):
    FLAGS([sys.argv[0]])
    FLAGS.train_file = _write_data(os.path.join(data_dir, 'h71_hammock'))
    max_steps = 8 // FLAGS.batch_size

    with tf.device('/cpu:0'):
        custom_runner = runner_lib.CustomRunner()
        images, labels = custom_runner.get_inputs()
    summary_op = tf.summary.merge_all()

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    threads = custom_runner.start_threads(sess)
    for step in range(max_steps):
        image_value, label_values, _ = sess.run([images, labels, summary_op])
        batches.append([np.round(image_value, 3).tolist()] + [l.tolist() for l in label_values])
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "hammock shots: %d" % sum(len(b[0]) for b in batches)}
