"""Lottery draw history: yearly CSVs matched by a sorted gfile glob, header skipped, balls stacked, batched."""
import os

import numpy as np
import tensorflow as tf

sess_cls = tf.compat.v1.Session


def write_draws(out):
    rs = np.random.RandomState(2003)
    for year in (2003, 2004):
        with open(os.path.join(out, "red_blue_balls_%d.csv" % year), "w") as f:
            f.write("issue,r1,r2,r3,r4,r5,r6,blue\n")
            for k in range(4):
                reds = sorted(rs.choice(np.arange(1, 34), 6, replace=False))
                f.write("%d%03d,%s,%d\n" % (year, k + 1, ",".join(str(r) for r in reds), rs.randint(1, 17)))


def main(data_dir):
    out = os.path.join(data_dir, "h36_lottery")
    os.makedirs(out, exist_ok=True)
    write_draws(out)
    filename_queue = tf.compat.v1.train.string_input_producer(
        sorted(tf.io.gfile.glob(os.path.join(out, "*.csv"))), shuffle=False, num_epochs=1)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    record_defaults = [[0]] * 8
    issue, r1, r2, r3, r4, r5, r6, blue = tf.compat.v1.decode_csv(value, record_defaults=record_defaults)
    features = tf.stack([r1, r2, r3, r4, r5, r6])
    issue_b, feat_b, blue_b = tf.compat.v1.train.batch([issue, features, blue], batch_size=3,
                                                       allow_smaller_final_batch=True)
    batches = []
    sess = sess_cls()
    tf.compat.v1.global_variables_initializer().run(session=sess)
    tf.compat.v1.local_variables_initializer().run(session=sess)
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(coord=coord, sess=sess)
    try:
        for iteration in range(0, 10):
            i, f, b = sess.run([issue_b, feat_b, blue_b])
            batches.append([i.tolist(), f.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "draws: %d" % sum(len(b[0]) for b in batches)}
