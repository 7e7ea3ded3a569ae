# Orchid nursery growth logs: the batch is weighted by a learning-rate-like decay of the
# global step, read in the same run as the dequeue; the step moves only after it is read.
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 2


def write_growth(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6509)
    path = os.path.join(folder, "growth.tsv")
    with open(path, "w") as f:
        f.write("plant\tgenus\tleaf_cm\troot_cm\n")
        for i in range(10):
            f.write("%d\t%s\t%.1f\t%.1f\n" % (i, ["phalaenopsis", "dendrobium", "cattleya"][rng.randint(3)],
                                              rng.uniform(4, 25), rng.uniform(2, 15)))
    return path


def main(data_dir):
    path = write_growth(os.path.join(data_dir, "h65_orchid_growth"))

    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        plant, genus, leaf_cm, root_cm = tf.decode_csv(line, record_defaults=[[0], [""], [0.0], [0.0]],
                                                       field_delim="\t")
        plants, genera, leaves, roots = tf.train.batch([plant, genus, leaf_cm, root_cm], batch_size=BATCH_SIZE)

    global_step = tf.train.get_or_create_global_step()
    weight = tf.train.exponential_decay(1.0, global_step, decay_steps=2, decay_rate=0.5, staircase=True)
    weighted_ratio = weight * leaves / roots
    with tf.control_dependencies([weighted_ratio]):
        train_op = tf.assign_add(global_step, 1)

    batches = []
    sv = tf.train.Supervisor(logdir=None, global_step=global_step)
    with sv.managed_session() as sess:
        while not sv.should_stop():
            p, g, w, r, step = sess.run([plants, genera, weight, weighted_ratio, train_op])
            batches.append([p.tolist(), [x.decode() for x in g], [float(w)], np.round(r, 5).tolist(), [int(step)]])
    return {"batches": batches, "end": "plants: %d" % sum(len(b[0]) for b in batches)}
