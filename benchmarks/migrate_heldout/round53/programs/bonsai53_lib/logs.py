import os
import random

SPECIES = ["juniper", "ficus", "maple", "pine", "elm"]


def write_watering_log(folder, rows=10, seed=5307):
    random.seed(seed)
    path = os.path.join(folder, "watering_log.csv")
    with open(path, "w") as f:
        f.write("tree,species,ml,days_since\n")
        for i in range(rows):
            f.write("%d,%s,%d,%.1f\n" % (i, SPECIES[i % len(SPECIES)], random.randint(50, 400),
                                          random.uniform(0.5, 6.0)))
    return path
