"""A reader helper imported from the package, then rebound in this module by a flag."""
import tensorflow.compat.v1 as tf

from r50k_lib import data
from r50k_lib.readers.plain import read_record

DOUBLE = True
if DOUBLE:
    from r50k_lib.readers.doubled import read_record  # noqa: F811


def main(data_dir):
    path = data.write(data_dir, "rebound")
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    spot, jumps = read_record(queue)
    batch = tf.train.batch([spot, jumps], batch_size=4)
    return {"batches": data.run(batch, 3), "end": "done"}
