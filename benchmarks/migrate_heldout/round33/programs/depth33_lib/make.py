import os

import numpy as np


def make_split(root, count):
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(77)
    lines = []
    for i in range(count):
        name = "frame_%03d" % i
        np.save(os.path.join(root, name + "_rgb.npy"), rng.randint(0, 256, [3, 4, 3]).astype(np.uint8))
        np.save(os.path.join(root, name + "_depth.npy"), rng.uniform(0, 12, [3, 4]).round(2).astype(np.float32))
        lines.append("%s %d" % (name, i // 3))
    path = os.path.join(root, "train.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path
