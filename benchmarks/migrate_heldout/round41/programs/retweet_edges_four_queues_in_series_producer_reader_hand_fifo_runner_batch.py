"""Retweet edges through four queues in series: the file-name queue of
string_input_producer, a TextLineReader feeding a hand-built FIFOQueue through its own
QueueRunner, and train.batch on top. As the files run out, each runner catches the
OutOfRangeError from the queue before it and closes its own queue; the training loop
catches the last one."""
import os

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1

RETWEETS = [
    ("alice", "bob", 3), ("bob", "carol", 1), ("carol", "alice", 5), ("dave", "alice", 2),
    ("erin", "dave", 1), ("frank", "erin", 4), ("alice", "frank", 2), ("grace", "bob", 6),
    ("heidi", "grace", 1), ("bob", "heidi", 2), ("ivan", "carol", 3),
]


def write_edge_files(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for day, chunk in enumerate((RETWEETS[:6], RETWEETS[6:])):
        path = os.path.join(folder, "retweets_day%d.tsv" % day)
        with open(path, "w") as f:
            for src, dst, n in chunk:
                f.write("%s\t%s\t%d\n" % (src, dst, n))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_edge_files(os.path.join(data_dir, "h41_retweet_edges"))

    # queue 1: file names
    file_q = v1.train.string_input_producer(paths, num_epochs=1, shuffle=False, name="file_q")
    # queue 2 is inside the reader's read op; parse one edge per line
    reader = v1.TextLineReader(name="edge_reader")
    _, line = reader.read(file_q)
    src, dst, count = v1.decode_csv(line, record_defaults=[[""], [""], [0]], field_delim="\t")
    weight = tf.math.log1p(tf.cast(count, tf.float32))

    # queue 3: parsed edges
    edge_q = v1.FIFOQueue(capacity=8, dtypes=[tf.string, tf.string, tf.float32],
                          shapes=[[], [], []], name="edge_q")
    enqueue_edge = edge_q.enqueue([src, dst, weight])
    v1.train.add_queue_runner(v1.train.QueueRunner(edge_q, [enqueue_edge]))
    e_src, e_dst, e_weight = edge_q.dequeue()

    # queue 4: batches
    b_src, b_dst, b_weight = v1.train.batch([e_src, e_dst, e_weight], batch_size=3,
                                            num_threads=1, capacity=6,
                                            allow_smaller_final_batch=True)

    sess = v1.Session()
    sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
    coord = v1.train.Coordinator()
    threads = v1.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            s, d, w = sess.run([b_src, b_dst, b_weight])
            batches.append([[x.decode() for x in s], [x.decode() for x in d],
                            np.round(w.astype(np.float64), 4).tolist()])
    except tf.errors.OutOfRangeError:
        end = "edges: %d" % sum(len(b[0]) for b in batches)
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}
