"""`from tensorflow.compat.v1 import RandomShuffleQueue`: one `enqueue_many` op of a module's lists, run three times
in its own graph (`op.run()` under the session's default), each fill drained by `queue.size().eval()` dequeues:
a multiset of the rows, each fill's rows once."""
import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import RandomShuffleQueue

STATIONS = ["north", "south", "east", "west"]


def main(data_dir):
    readings = np.arange(4, dtype=np.float32) * 2.5
    rows = []
    with tf.Graph().as_default():
        queue = RandomShuffleQueue(8, 0, [tf.string, tf.float32], seed=3)
        fill = queue.enqueue_many([STATIONS, readings])
        station = queue.dequeue()
        with tf.Session() as sess:
            for turn in range(3):
                fill.run()
                for m in range(queue.size().eval()):
                    name, value = sess.run(station)
                    rows.append([[name.decode(), turn], [float(value)]])
    return {"batches": rows, "end": "rows: %d" % len(rows)}
