"""A small CSV data list each program writes for itself."""
import os


def write_rows(folder, count=9):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "data_list.csv")
    with open(path, "w") as f:
        f.write("".join("%d,%.1f\n" % (i, i * 1.5) for i in range(count)))
    return path
