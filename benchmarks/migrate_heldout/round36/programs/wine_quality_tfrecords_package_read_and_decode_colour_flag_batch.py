"""Wine quality: wine36_lib (records.convert_to, inputs.read_and_decode/inputs) over two shards, ordered batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from wine36_lib import inputs as wine_inputs
from wine36_lib import records


def main(data_dir):
    out = os.path.join(data_dir, "h36_wine")
    os.makedirs(out, exist_ok=True)
    files = [records.convert_to(out, "train-0", records.make_rows(1, 4)),
             records.convert_to(out, "train-1", records.make_rows(2, 3))]
    feats, quality, is_red = wine_inputs.inputs(files, batch_size=3, num_epochs=1)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        step = 0
        while not coord.should_stop():
            f, q, r = sess.run([feats, quality, is_red])
            batches.append([np.round(f.astype(np.float64), 2).tolist(), q.tolist(), r.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "wines: %d" % sum(len(b[1]) for b in batches)}
