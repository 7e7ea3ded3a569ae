"""Test data: small CSV files with a header line (no TensorFlow)."""
import os


def write_rows(folder, stem, files=2, rows=7):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for f in range(files):
        path = os.path.join(folder, "%s-%d.csv" % (stem, f))
        with open(path, "w") as out:
            out.write("name,count,weight\n")
            for i in range(rows):
                out.write("n%d_%d,%d,%.2f\n" % (f, i, i + 3 * f, 0.5 + 0.25 * i))
        paths.append(path)
    return paths
