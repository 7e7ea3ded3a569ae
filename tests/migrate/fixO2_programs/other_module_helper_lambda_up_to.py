"""The helper lives in another module; the thread's target is a lambda calling the feeding function; the feeding
function's parameters are named unlike the caller's; dequeue_up_to keeps the short last batch."""
import threading

import tensorflow.compat.v1 as tf

from o2_lib import queues


def feed_rows(session, op, end_op, w_ph, t_ph, n):
    for i in range(n):
        session.run(op, feed_dict={w_ph: [i, i + 1][: 1 + i % 2], t_ph: [i * 3]})
    session.run(end_op)


def main(data_dir):
    queue, put, shut, words, tags = queues.make_fed_queue()
    w, t = queue.dequeue_up_to(3)
    batches = []
    with tf.Session() as sess:
        worker = threading.Thread(target=lambda: feed_rows(sess, put, shut, words, tags, 7))
        worker.start()
        try:
            while True:
                x, y = sess.run([w, t])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        worker.join()
    return {"batches": batches, "end": "done"}
