"""An image folder for a GAN: sample arrays stored as .npy, split among loader threads."""
import glob
import os

import numpy as np


def write_folder(root, n=12):
    os.makedirs(root, exist_ok=True)
    for i in range(n):
        np.save(os.path.join(root, "sample_%03d.npy" % i), np.full((2, 2, 1), i, np.float32))


def list_folder(root):
    return sorted(glob.glob(os.path.join(root, "*.npy")))


def shard(files, num_shards):
    return [files[i::num_shards] for i in range(num_shards)]
