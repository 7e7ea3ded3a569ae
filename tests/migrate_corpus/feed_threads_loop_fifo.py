"""Three Python threads, made in a loop and kept in a list, feed one FIFOQueue through placeholders; the feeding
function takes the session second and its shard; a closer thread joins them and closes the queue; the loop reads
`dequeue_many` until OutOfRangeError. `import tensorflow as tf`, TF1 calls spelled `tf.compat.v1.*`."""

import threading

import numpy as np
import tensorflow as tf

NUM_THREADS = 3


def main(data_dir):
    values = tf.compat.v1.placeholder(tf.float32, shape=[2])
    index = tf.compat.v1.placeholder(tf.int64, shape=[])
    queue = tf.compat.v1.FIFOQueue(capacity=5, dtypes=[tf.float32, tf.int64], shapes=[[2], []])
    push = queue.enqueue([values, index])
    xs, ids = queue.dequeue_many(4)

    def produce(coord, session, shard):
        for i in range(shard * 8, shard * 8 + 8):
            if coord.should_stop():
                break
            session.run(push, feed_dict={values: np.array([i, -i], np.float32), index: i})

    coord = tf.compat.v1.train.Coordinator()
    sess = tf.compat.v1.Session()
    workers = []
    for shard in range(NUM_THREADS):
        worker = threading.Thread(target=produce, args=(coord, sess, shard))
        worker.daemon = True
        worker.start()
        workers.append(worker)

    def close_when_done():
        for w in workers:
            w.join()
        sess.run(queue.close())

    threading.Thread(target=close_when_done, daemon=True).start()
    out, end = [], None
    try:
        while True:
            a, b = sess.run([xs, ids])
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(workers)
    sess.close()
    return {"batches": out, "end": end}
