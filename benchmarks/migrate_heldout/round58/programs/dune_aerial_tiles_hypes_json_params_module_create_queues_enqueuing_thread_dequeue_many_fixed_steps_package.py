import json
import os

import numpy as np
import tensorflow.compat.v1 as tf

from dune58_lib import dune_input
from dune58_lib import params


def write_tiles(root):
    rng = np.random.RandomState(4)
    lines = []
    os.makedirs(os.path.join(root, 'tiles'), exist_ok=True)
    for i in range(10):
        img = rng.randint(0, 256, size=(params.IMAGE_HEIGHT, params.IMAGE_WIDTH, 1)).astype(np.uint8)
        gt = (img[:, :, 0] > 150).astype(np.uint8)
        np.save(os.path.join(root, 'tiles', 'tile_%02d.npy' % i), img)
        np.save(os.path.join(root, 'tiles', 'tile_%02d_gt.npy' % i), gt)
        lines.append('tiles/tile_%02d.npy tiles/tile_%02d_gt.npy' % (i, i))
    with open(os.path.join(root, 'train.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    hypes = {"data": {"train_file": "train.txt", "val_file": "val.txt"},
             "solver": {"batch_size": 2, "max_steps": 5}}
    with open(os.path.join(root, 'hypes.json'), 'w') as f:
        json.dump(hypes, f, indent=2)


def main(data_dir):
    root = os.path.join(data_dir, 'h58_dunes')
    os.makedirs(root, exist_ok=True)
    write_tiles(root)
    with open(os.path.join(root, 'hypes.json'), 'r') as f:
        hypes = json.load(f)

    with tf.name_scope('Queues'):
        queue = dune_input.create_queues(hypes, 'train')
    image, labels = dune_input.inputs(hypes, queue, phase='train')
    slip_fraction = tf.reduce_mean(tf.cast(labels, tf.float32), axis=[1, 2])

    out = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    t = dune_input.start_enqueuing_threads(hypes, queue, 'train', sess, root)
    for step in range(hypes['solver']['max_steps']):
        im, lb, sf = sess.run([image, labels, slip_fraction])
        out.append([np.round(im, 5).tolist(), lb.tolist(), sf.tolist()])
    t.join()
    sess.close()
    return {"batches": out, "end": "steps: %d" % hypes['solver']['max_steps']}
