import os

import numpy as np

from birdsong45_lib.tfr_manager import FEAT_DIM

SPECIES = ['blackbird', 'robin', 'wren']


def write_frames(folder, frames_per_species=4, seed=4515):
    """One binary file per species: each record is the label (as float32) then FEAT_DIM mel energies."""
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(seed)
    for label, name in enumerate(SPECIES):
        rows = np.empty((frames_per_species, FEAT_DIM + 1), dtype=np.float32)
        rows[:, 0] = label
        rows[:, 1:] = rng.gamma(2.0, 1.5, size=(frames_per_species, FEAT_DIM))
        rows.tofile(os.path.join(folder, '%s.bin' % name))
