"""Blacksmith forge-scale patches (tiny grey-level crops of scale on hot-worked iron) fed to a DCGAN class
package: the class owns its own `tf.Graph()`, builds a placeholder `enqueue_many` into a named FIFOQueue with
`close_op` / `dequeued_tensors` (`dequeue_many`) / `size` ops, finds them again by name
(`get_operation_by_name('input_queue/enqueue_op')`), and one Python thread pushes minibatch-sized slices of
the numpy data, wrapping round and reshuffling (seeded) at each epoch end. The JSON config comes from the
package's `configs` folder."""
import json
import os

import numpy as np

from blacksmith79.dcgan import DCGAN

HERE = os.path.dirname(os.path.abspath(__file__))


def main(data_dir):
    d = os.path.join(data_dir, 'h79_blacksmith')
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(79)
    patches = np.round(rng.rand(8, 2, 2, 1), 3).astype(np.float32)
    patches[:, 0, 0, 0] = np.arange(8, dtype=np.float32)  # patch id in the first pixel
    np.save(os.path.join(d, 'scale_patches.npy'), patches)

    with open(os.path.join(HERE, 'blacksmith79', 'configs', 'forge_scale.json')) as f:
        config = json.load(f)

    np.random.seed(79)
    gan = DCGAN(config=config, training=True, work_dir=d)
    fetched = gan.train(max_steps=5)

    out = []
    for images, sums in fetched:
        out.append([images[:, 0, 0, 0].astype(int).tolist(),
                    np.round(images.reshape(len(images), -1)[:, 1:].astype(np.float64), 3).tolist()])
    return {"batches": out, "end": "patches served: %d" % sum(len(b[0]) for b in out)}
