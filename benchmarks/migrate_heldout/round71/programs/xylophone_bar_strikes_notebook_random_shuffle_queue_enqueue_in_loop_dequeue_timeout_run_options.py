# Held-out round 71: xylophone bar strikes (bar number, loudness) pushed into a ``RandomShuffleQueue`` the way a
# Chinese study notebook does it (xubinchen-very6/Tensorflow, cells "tensorflow中有两种队列"): ``sess = tf.Session()``,
# ``sess.run(q.enqueue(...))`` in a Python ``for`` loop (a new enqueue op per iteration), a second loop of
# ``sess.run(q.dequeue())``, and a last dequeue run with ``tf.RunOptions(timeout_in_ms=...)`` that blocks on
# ``min_after_dequeue`` and ends in ``DeadlineExceededError``.
# Writer changes: the strikes come from a seeded text file; the queue has a seed and two components; the
# timeout is 500 ms; after the timeout the queue is closed and drained, so that every strike comes out once.
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _write_strikes(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    path = os.path.join(folder, 'strikes.txt')
    with open(path, 'w') as f:
        for i in range(10):
            f.write('%d %.2f\n' % (rng.randint(1, 25), rng.uniform(0.1, 1.0)))
    return path


def main(data_dir):
    path = _write_strikes(os.path.join(data_dir, 'h71_xylophone'))
    strikes = [line.split() for line in open(path)]

    # RandomShuffleQueue 在 TensorFlow 使用异步计算时非常重要
    q = tf.RandomShuffleQueue(capacity=10, min_after_dequeue=2, dtypes=['int32', 'float'], seed=71)

    out = []
    sess = tf.Session()
    for i in range(0, 10):
        bar, loudness = strikes[i]
        sess.run(q.enqueue((int(bar), float(loudness))))
    for i in range(0, 8):
        bar, loudness = sess.run(q.dequeue())
        print(bar, loudness)
        out.append([int(bar), round(float(loudness), 2)])

    # 阻断现象: 队列长度等于最小值，执行出队操作
    run_options = tf.RunOptions(timeout_in_ms=500)
    try:
        sess.run(q.dequeue(), options=run_options)
    except tf.errors.DeadlineExceededError:
        print('out of range')

    sess.run(q.close())
    while True:
        try:
            bar, loudness = sess.run(q.dequeue())
        except tf.errors.OutOfRangeError:
            break
        out.append([int(bar), round(float(loudness), 2)])
    sess.close()
    return {"batches": out, "end": "strikes: %d" % len(out)}
