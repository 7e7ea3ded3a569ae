import os

from importers_lib import batching, reading


def main(data_dir):
    path = os.path.join(data_dir, "importers_plain.txt")
    with open(path, "w") as f:
        f.write("".join("%d\n" % i for i in range(8)))
    value = reading.read([path])
    return {"batches": [[int(x) for x in b] for b in reading.run_all(batching.make_batch(value, 2))], "end": "done"}
