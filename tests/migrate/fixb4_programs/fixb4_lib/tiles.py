import os

import numpy as np

SIDE = 4
CAPACITY = 30


def write_tiles(root, n):
    rng = np.random.RandomState(9)
    lines = []
    for i in range(n):
        img = rng.randint(0, 256, size=(SIDE, SIDE)).astype(np.uint8)
        np.save(os.path.join(root, 't%02d.npy' % i), img)
        np.save(os.path.join(root, 't%02d_gt.npy' % i), (img > 150).astype(np.uint8))
        lines.append('t%02d.npy t%02d_gt.npy' % (i, i))
    path = os.path.join(root, 'list.txt')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return path


def tile_gen(listing):
    base = os.path.dirname(listing)
    for line in open(listing):
        a, b = line.split()
        yield (np.load(os.path.join(base, a)).astype(np.float32) / 255.0,
               np.load(os.path.join(base, b)).astype(np.int32))
