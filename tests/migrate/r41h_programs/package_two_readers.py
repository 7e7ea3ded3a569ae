"""The form inside a package function taking the names as a parameter: two readers, batches of 4 (16 rows)."""
import os

from r41h_lib import pipeline


def main(data_dir):
    out = os.path.join(data_dir, "r41h_package")
    os.makedirs(out, exist_ok=True)
    paths = []
    for i in range(4):
        path = os.path.join(out, "q%d.csv" % i)
        with open(path, "w") as f:
            for k in range(4):
                f.write("%d.25,%d\n" % (10 * i + k, k))
        paths.append(path)
    batches = pipeline.run(paths, 2, 4)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
