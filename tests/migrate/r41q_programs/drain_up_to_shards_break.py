"""Plain Python threads, one per shard file, each run an enqueue op in a loop; the queue is closed once they are
joined; the main thread takes dequeue_up_to(3) batches in a `while True: try/except OutOfRangeError: break` loop,
then checks in an `if` that the queue is empty (`import tensorflow as tf`, the v1 API through an alias)."""
import os
import threading

import tensorflow as tf

v1 = tf.compat.v1


def write_shards(folder, shards=3, rows=4):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "shard_%d.csv" % s)
        with open(path, "w") as f:
            for i in range(rows):
                f.write("%d,%d\n" % (s * 10 + i, (s * 10 + i) % 7))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_shards(os.path.join(data_dir, "r41q_shards"))
    sess = v1.Session()
    key = v1.placeholder(tf.int64, shape=())
    label = v1.placeholder(tf.int64, shape=())
    q = v1.FIFOQueue(50, [tf.int64, tf.int64], shapes=[(), ()])
    put = q.enqueue((key, label))

    def load(path):
        for line in open(path):
            k, l = line.strip().split(",")
            sess.run(put, feed_dict={key: int(k), label: int(l)})

    workers = [threading.Thread(target=load, args=(p,)) for p in paths]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    sess.run(q.close())

    keys, labels = q.dequeue_up_to(3)
    batches = []
    while True:
        try:
            k, l = sess.run([keys, labels])
        except tf.errors.OutOfRangeError:
            break
        batches.append([k.tolist(), l.tolist()])
    if sess.run(q.size()) == 0:
        end = "drained"
    else:
        end = "not drained"
    sess.close()
    return {"batches": batches, "end": end}
