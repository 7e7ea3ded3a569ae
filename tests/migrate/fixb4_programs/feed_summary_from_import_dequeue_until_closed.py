"""The same form spelled through ``from tensorflow.compat.v1 import ...``: a plain ``q.size()`` summary, a
single ``dequeue`` batched by hand, read until the closed queue runs dry."""
import os
import threading

import numpy as np
from tensorflow.compat.v1 import FIFOQueue, Session, placeholder, summary
from tensorflow.compat.v1 import errors, float32, int64, cast


def main(data_dir):
    root = os.path.join(data_dir, 'fixb4_until')
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, 'lines.txt'), 'w') as f:
        f.write('\n'.join('%d %d' % (i, i * i) for i in range(10)) + '\n')
    ph = placeholder(int64, shape=[2])
    queue = FIFOQueue(16, [int64], shapes=[[2]])
    summary.scalar('queue_fill', cast(queue.size(), float32))
    put = queue.enqueue([ph])
    done = queue.close()
    pair = queue.dequeue()

    def feed(sess, path):
        with open(path) as f:
            for line in f:
                sess.run(put, feed_dict={ph: np.array([int(v) for v in line.split()], np.int64)})
        sess.run(done)

    sess = Session()
    t = threading.Thread(target=feed, args=(sess, os.path.join(root, 'lines.txt')))
    t.start()
    out = []
    try:
        while True:
            batch = [sess.run(pair).tolist() for _ in range(2)]
            out.append(batch)
    except errors.OutOfRangeError:
        pass
    t.join()
    sess.close()
    return {"batches": out, "end": "OutOfRangeError"}
