import os

import numpy as np


def write_wine(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(13)
    n = 0
    for part in range(3):
        with open(os.path.join(folder, "winequality-%d.csv" % part), "w") as f:
            f.write("acidity;sugar;alcohol;quality;color\n")
            for _ in range(4):
                f.write("%.1f;%.1f;%.1f;%d;%s\n" % (rng.uniform(4, 12), rng.uniform(1, 9), rng.uniform(8, 14),
                                                  3 + n % 6, "red" if n % 3 else "white"))
                n += 1
