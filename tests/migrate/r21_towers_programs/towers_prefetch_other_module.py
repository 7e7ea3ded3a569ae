"""cifar10_multi_gpu_train's layout: batches from `inputs()` of another module, a prefetch queue of them
(slim's helper, another module), one `dequeue()` per tower under `tf.device`; runners started bare; the loop
ends at OutOfRangeError."""

import numpy as np
import tensorflow.compat.v1 as tf

from r21t_lib import batches as batch_input
from r21t_lib.prefetch import prefetch_queue

NUM_TOWERS = 2


def main(data_dir):
    path = batch_input.write_rows(data_dir, "towers_rows.csv", 27)
    with tf.device('/cpu:0'):
        values, labels = batch_input.inputs(path, 3)
        batch_queue = prefetch_queue([values, labels], capacity=2 * NUM_TOWERS)
        towers = []
        for i in range(NUM_TOWERS):
            with tf.device('/gpu:%d' % i), tf.name_scope('tower_%d' % i):
                values_batch, labels_batch = batch_queue.dequeue()
                towers.append([values_batch, labels_batch, tf.reduce_sum(values_batch, axis=1)])
    sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    tf.train.start_queue_runners(sess=sess)
    batches = []
    steps = 0
    while True:
        try:
            got = sess.run(towers)
        except tf.errors.OutOfRangeError:
            break
        steps += 1
        for v, l, s in got:
            batches.append([np.asarray(v).tolist(), l.tolist(), s.tolist()])
    sess.close()
    return {"batches": batches, "end": steps}
