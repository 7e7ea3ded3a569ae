"""The input function lives in a package module; its nested decoder (after the producer) has its own `pixels`."""
import os

from n1_lib import inputs, records


def main(data_dir):
    path = records.write(os.path.join(data_dir, "n1_helper"), seed=3)
    pixels, tags = inputs.make_batches(path, 2)
    return records.drain([pixels, tags])
