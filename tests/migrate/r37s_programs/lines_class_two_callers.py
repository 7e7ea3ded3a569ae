"""A package's class reads each group of line files with its own shuffled one-epoch pipeline; called twice."""
import os

from r37s_lib.lines import GroupReader, write


def main(data_dir):
    folder = os.path.join(data_dir, "r37s_lines")
    os.makedirs(folder, exist_ok=True)
    first = GroupReader([write(folder, "a", 2), write(folder, "b", 3)]).read_all()
    second = GroupReader([write(folder, "c", 2)]).read_all()
    batches = first + second
    return {"batches": batches, "end": "lines: %d" % len(batches)}
