import os

import numpy as np


def write_bins(folder, sizes, image_size=4):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(2033)
    n = 0
    for i, count in enumerate(sizes, start=1):
        with open(os.path.join(folder, "data_batch_%d.bin" % i), "wb") as f:
            for _ in range(count):
                label = np.array([n % 10 + 1], np.uint8)  # 1..10
                pixels = rng.randint(0, 256, 3 * image_size * image_size).astype(np.uint8)
                f.write(label.tobytes() + pixels.tobytes())
                n += 1
