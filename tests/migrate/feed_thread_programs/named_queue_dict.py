"""A queue with `names=`, fed a dict of placeholders (`enqueue({'image': ..., 'label': ...})`) by a thread that
reads rows from a generator; `dequeue_many` gives a dict; `from tensorflow.compat.v1 import ...` names."""
import threading

import numpy as np
from tensorflow.compat.v1 import FIFOQueue, Session, float32, int32, placeholder
from tensorflow.compat.v1 import errors


def rows(n):
    for i in range(n):
        yield np.full([2, 2], i, np.float32), i * 3


def main(data_dir):
    image = placeholder(float32, [2, 2])
    label = placeholder(int32, [])
    queue = FIFOQueue(6, [float32, int32], shapes=[[2, 2], []], names=['image', 'label'])
    enqueue = queue.enqueue({'label': label, 'image': image})
    batch = queue.dequeue_many(4)

    def feed(sess):
        for x, y in rows(18):
            sess.run(enqueue, feed_dict={image: x, label: y})
        sess.run(queue.close())

    out, end = [], None
    with Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        try:
            while True:
                got = sess.run(batch)
                out.append({'image': got['image'].tolist(), 'label': got['label'].tolist()})
        except errors.OutOfRangeError:
            end = 'OutOfRangeError'
        t.join()
    return {'batches': out, 'end': end}
