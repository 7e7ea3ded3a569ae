"""``import tensorflow as tf`` with ``tf.compat.v1.`` spelled out: the names fed by one ``enqueue_many`` run, one
reader appended in a loop (the helper returning ``queue.enqueue(...)`` itself, handed the queue by keyword), a
FIFOQueue read by dequeue_many(3): every row in file order (2 files of 6 rows)."""
import os

import tensorflow as tf


def write(path, count, start):
    with open(path, "w") as f:
        for i in range(count):
            f.write("%d,%d\n" % (start + i, (start + i) % 4))
    return path


def make_op(files, out):
    reader = tf.compat.v1.TextLineReader()
    _, line = reader.read(files)
    x, y = tf.io.decode_csv(line, record_defaults=[[0], [0]])
    return out.enqueue((x * 2, y))


def main(data_dir):
    out = os.path.join(data_dir, "r41h_spelled")
    os.makedirs(out, exist_ok=True)
    names = [write(os.path.join(out, "s%d.csv" % i), 6, 100 * i) for i in range(2)]
    fq = tf.compat.v1.FIFOQueue(8, tf.string)
    names_in = tf.compat.v1.placeholder(tf.string, shape=[None])
    fill = fq.enqueue_many([names_in])
    done = fq.close(cancel_pending_enqueues=True)
    rows = tf.compat.v1.FIFOQueue(20, [tf.int32, tf.int32], shapes=[[], []])
    ops = [make_op(fq, out=rows) for _ in range(1)]
    qr = tf.compat.v1.train.QueueRunner(rows, ops)
    xs, ys = rows.dequeue_many(3)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(fill, feed_dict={names_in: names})
        sess.run(done)
        coord = tf.compat.v1.train.Coordinator()
        threads = qr.create_threads(sess, coord=coord, start=True)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
