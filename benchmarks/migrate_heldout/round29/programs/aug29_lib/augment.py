import numpy as np


def augment_patch(patch, label):
    """Rotates by label quarter turns and mirrors odd labels (numpy, run in py_func)."""
    out = np.rot90(patch, k=int(label) % 4)
    if int(label) % 2:
        out = out[:, ::-1]
    return np.ascontiguousarray(out).astype(np.float32), np.int32(label)
