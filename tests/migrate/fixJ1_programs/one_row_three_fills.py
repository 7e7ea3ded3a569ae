"""One row of a list enqueued (enqueue, not enqueue_many) three times in a loop, closed, read by dequeue()."""
import tensorflow.compat.v1 as tf


def main(data_dir):
    rows = [[1, 2, 3], [4, 5, 6]]
    q = tf.FIFOQueue(capacity=5, dtypes=[tf.int32], shapes=[[3]])
    push = q.enqueue([rows[1]])
    end = q.close()
    item = q.dequeue()
    batches = []
    with tf.Session() as sess:
        for _ in range(3):
            sess.run(push)
        sess.run(end)
        while True:
            try:
                batches.append([sess.run(item).tolist()])
            except tf.errors.OutOfRangeError:
                break
    return {"batches": batches, "end": "rows: %d" % len(batches)}
