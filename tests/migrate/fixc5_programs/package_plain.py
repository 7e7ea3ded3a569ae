import os

import numpy as np
from tensorflow.compat.v1 import Session, errors, local_variables_initializer, train

from fc5_lib.pipeline import batches


def write_lines(base):
    os.makedirs(base, exist_ok=True)
    names = []
    for f in range(3):
        name = os.path.join(base, "part%d.csv" % f)
        with open(name, "w") as out:
            for r in range(3):
                out.write(",".join("%.1f" % (f * 10 + r + k / 4.0) for k in range(4)) + "\n")
        names.append(name)
    return names


def main(data_dir):
    rows = batches(write_lines(os.path.join(data_dir, "fc5_plain")), True)
    out = []
    sess = Session()
    sess.run(local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            out.append([np.round(sess.run(rows), 3).tolist()])
    except errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "OutOfRangeError"}
