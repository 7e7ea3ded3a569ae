from tensorflow.compat.v1 import FIFOQueue, Session, constant, int64


def main(data_dir):
    q = FIFOQueue(6, [int64])
    values = constant([5, 3, 8, 1, 9, 2], dtype=int64)
    init = q.enqueue_many([values])
    v = q.dequeue()
    doubled = v * 2
    sess = Session()
    sess.run(init)
    out = []
    for _ in range(6):
        a, d = sess.run([v, doubled])
        out.append([[int(a)], [int(d)]])
    sess.close()
    return {'batches': out, 'end': 'six'}
