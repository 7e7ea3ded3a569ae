"""Several Python threads feed placeholders into a RandomShuffleQueue (registered with a Coordinator); a closer
closes the queue when all feeders are done; the loop reads `dequeue_up_to` until OutOfRangeError."""

import csv
import os
import threading

import tensorflow as tf

tf1 = tf.compat.v1


def load_rows(data_dir):
    rows = []
    with open(os.path.join(data_dir, "table-0.csv")) as f:
        reader = csv.reader(f)
        next(reader)
        for a, b, label in reader:
            rows.append(([float(a), float(b)], int(label)))
    return rows


def main(data_dir):
    rows = load_rows(data_dir)
    features_ph = tf1.placeholder(tf.float32, shape=[2], name="features")
    label_ph = tf1.placeholder(tf.int32, shape=[], name="label")
    queue = tf1.RandomShuffleQueue(capacity=30, min_after_dequeue=10, dtypes=[tf.float32, tf.int32],
                                   shapes=[[2], []])
    enqueue_op = queue.enqueue([features_ph, label_ph])
    close_op = queue.close()
    features_batch, label_batch = queue.dequeue_up_to(7)

    def feeder(sess, coord, part):
        with coord.stop_on_exception():
            for features, label in part:
                if coord.should_stop():
                    break
                sess.run(enqueue_op, feed_dict={features_ph: features, label_ph: label})

    batches = []
    end = None
    sess = tf1.Session()
    coord = tf1.train.Coordinator()
    feeders = [threading.Thread(target=feeder, args=(sess, coord, rows[k::2])) for k in range(2)]
    for t in feeders:
        t.daemon = True
        t.start()

    def closer():
        for t in feeders:
            t.join()
        sess.run(close_op)

    closer_thread = threading.Thread(target=closer)
    closer_thread.start()
    try:
        while True:
            f, l = sess.run([features_batch, label_batch])
            batches.append([f.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(feeders + [closer_thread])
    sess.close()
    return {"batches": batches, "end": end}
