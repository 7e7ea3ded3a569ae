import os

import numpy as np
from tensorflow.compat.v1 import FIFOQueue, Print, Session, constant, float32


def main(data_dir):
    folder = os.path.join(data_dir, 'r48s_levels')
    os.makedirs(folder, exist_ok=True)
    np.savetxt(os.path.join(folder, 'levels.txt'), np.arange(5, dtype=np.float32) * 1.5, fmt='%.2f')
    levels = np.loadtxt(os.path.join(folder, 'levels.txt'), dtype=np.float32)
    source = constant(levels)
    source = Print(source, data=[source], message='levels: ', summarize=5)
    q = FIFOQueue(capacity=5, dtypes=float32)
    enqueue_op = q.enqueue_many(source)
    level = q.dequeue()
    level = Print(level, data=[q.size(), level], message='left in queue: ')
    shifted = level - 1.0
    out = []
    with Session() as sess:
        enqueue_op.run()
        full = q.size().eval()
        for _ in range(5):
            out.append([[float(sess.run(shifted))]])
    return {'batches': out, 'end': 'full %d' % full}
