"""``from tensorflow.compat.v1 import train``: the producer unpacked into two names, one of which (``f``) a
helper function also binds to a file; a ``while True`` loop runs both names until ``OutOfRangeError``."""
import os

import numpy as np
from tensorflow.compat.v1 import Session, errors, local_variables_initializer, train


def write_grades(path):
    with open(path, "w") as f:
        for i in range(6):
            f.write("%d,%.1f\n" % (i, i * 1.5))


def main(data_dir):
    folder = os.path.join(data_dir, "r44u_grades")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "grades.txt")
    write_grades(path)
    rows = np.loadtxt(path, delimiter=",")
    ids, f = train.slice_input_producer([rows[:, 0].astype(np.int64), rows[:, 1]], num_epochs=1, shuffle=False)
    doubled = f * 2.0
    batches = []
    sess = Session()
    sess.run(local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            i, g = sess.run([ids, doubled])
            batches.append([[int(i)], [float(g)]])
    except errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "grades %d" % len(batches)}
