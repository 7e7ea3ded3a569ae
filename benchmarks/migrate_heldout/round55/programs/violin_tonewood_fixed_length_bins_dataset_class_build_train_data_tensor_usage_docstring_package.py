import os

import numpy as np
import tensorflow as tf

from vio55_lib.datasets.tonewood import tonewood_data


def main(data_dir):
    out = os.path.join(data_dir, 'h55_tonewood')
    os.makedirs(out, exist_ok=True)
    data = tonewood_data(4, out)
    data.write_bins()
    tensor_wood, tensor_labels = data.build_train_data_tensor()

    sess = tf.compat.v1.Session()
    init_op = tf.compat.v1.initialize_all_variables()
    sess.run(init_op)
    sess.run(tf.compat.v1.initialize_local_variables())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(coord=coord, sess=sess)

    batches = []
    while True:
        try:
            wood_batch, labels_batch = sess.run([tensor_wood, tensor_labels])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(wood_batch.astype(np.float64), 5).tolist(), labels_batch.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "billets: %d" % sum(len(b[1]) for b in batches)}
