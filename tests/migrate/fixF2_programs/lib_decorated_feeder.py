"""The decorated feeder with its countdown close in a package module (`fixF2_lib/clip_feed.py`), three threads
over thirds of the names (12, in batches of 4)."""
import os

import numpy as np

from fixF2_lib.clip_feed import read_all_clips


def main(data_dir):
    folder = os.path.join(data_dir, 'lib_decorated_clips')
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(57)
    names = []
    for i in range(12):
        name = 'c%s.npy' % ('x' * (i % 4) + str(i))
        np.save(os.path.join(folder, name), rng.randint(0, 255, size=(6,)).astype(np.uint8))
        names.append(name)
    batches = read_all_clips(folder, names, 4)
    return {'batches': batches, 'end': 'clips: %d' % sum(len(b[1]) for b in batches)}
