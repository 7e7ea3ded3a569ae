# 김치 숙성일 -- Threads & Queues 정리 노트 (In [3] ~ In [32])
import os
import json
import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, 'h61_kimchi')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'jars.json'), 'w') as f:
        json.dump({'days': [3., 7., 14.], 'extra': 21.}, f)
    with open(os.path.join(folder, 'jars.json')) as f:
        jars = json.load(f)

    # In [3]:
    q = tf.FIFOQueue(3, "float")
    # * capacity : 큐의 크기(integer)
    # * dtypes : 데이터 타입

    # In [30]:
    init = q.enqueue_many((jars['days'],))

    batches = []
    # In [32]:
    with tf.Session() as sess:
        sess.run(init)
        batches.append([[float(sess.run(q.dequeue()))]])
        batches.append([[float(sess.run(q.dequeue()))]])
        batches.append([[float(sess.run(q.dequeue()))]])
        sess.run(q.enqueue([jars['extra']]))
        batches.append([[float(sess.run(q.dequeue()))]])
        left = int(sess.run(q.size()))
    return {"batches": batches, "end": "left: %d" % left}
