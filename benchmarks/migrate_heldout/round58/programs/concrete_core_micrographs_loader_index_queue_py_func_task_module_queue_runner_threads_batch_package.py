import argparse
import os

import numpy as np
import tensorflow.compat.v1 as tf

from task58_lib import loader as loader_lib
from task58_lib import micrograph_task as task


def write_cores(root):
    rng = np.random.RandomState(77)
    for c in range(4):
        slices = rng.randint(0, 256, size=(3, 3, 3)).astype(np.uint8)
        porosity = (slices.reshape(3, -1) < 64).sum(axis=1)
        np.savez(os.path.join(root, 'core_%02d.npz' % c), slices=slices, porosity_class=porosity)


def main(data_dir):
    root = os.path.join(data_dir, 'h58_concrete')
    os.makedirs(root, exist_ok=True)
    write_cores(root)

    parser = argparse.ArgumentParser()
    parser.add_argument('--num_data_threads', type=int, default=3)
    parser.add_argument('--max_queue_size', type=int, default=16)
    parser.add_argument('--batchsize', type=int, default=4)
    opt = parser.parse_args([])

    task.data_root = root
    ds = {'num_cores': 4, 'slices_per_core': 3}
    loader = loader_lib.Loader(opt, task, ds, train_flag=False)
    imgs, labels, idxs = loader.get_sample
    mean_grey = tf.reduce_mean(imgs, axis=[1, 2])

    out = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    loader.start_epoch(sess, task.setup_val_split(opt, ds))
    try:
        while not coord.should_stop():
            im, lb, ix, mg = sess.run([imgs, labels, idxs, mean_grey])
            out.append([np.round(im, 5).tolist(), lb.tolist(), ix.tolist(), np.round(mg, 5).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "slices: %d" % sum(len(b[1]) for b in out)}
