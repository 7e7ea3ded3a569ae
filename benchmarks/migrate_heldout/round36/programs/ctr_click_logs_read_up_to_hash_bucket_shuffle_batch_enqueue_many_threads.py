"""Ad click logs (Criteo-like TSV): reader.read_up_to, decode_csv of a vector of lines, hashed categories,
shuffle_batch(enqueue_many=True) by two threads."""
import os

import numpy as np
import tensorflow as tf

HASH_BUCKETS = 1000
READ_BATCH = 4


def write_logs(out):
    rs = np.random.RandomState(4)
    paths = []
    for day in range(2):
        path = os.path.join(out, "day_%d.tsv" % day)
        with open(path, "w") as f:
            for _ in range(6):
                f.write("%d\t%d\t%d\tsite_%s\tad_%s\n" % (rs.randint(0, 2), rs.randint(0, 50), rs.randint(0, 9),
                                                          "abcdef"[rs.randint(0, 6)], rs.randint(100, 110)))
        paths.append(path)
    return paths


def read_batch(filename_queue):
    reader = tf.compat.v1.TextLineReader()
    _, lines = reader.read_up_to(filename_queue, READ_BATCH)
    defaults = [[0], [0], [0], [""], [""]]
    click, i1, i2, c1, c2 = tf.compat.v1.decode_csv(lines, record_defaults=defaults, field_delim="\t")
    dense = tf.stack([tf.cast(i1, tf.float32), tf.cast(i2, tf.float32)], axis=1)
    sparse = tf.stack([tf.compat.v1.string_to_hash_bucket_fast(c1, HASH_BUCKETS),
                       tf.compat.v1.string_to_hash_bucket_fast(c2, HASH_BUCKETS)], axis=1)
    return click, dense, sparse


def main(data_dir):
    out = os.path.join(data_dir, "h36_ctr")
    os.makedirs(out, exist_ok=True)
    paths = write_logs(out)  # 12 impressions
    filename_queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    click, dense, sparse = read_batch(filename_queue)
    click_b, dense_b, sparse_b = tf.compat.v1.train.shuffle_batch(
        [click, dense, sparse], batch_size=4, capacity=32, min_after_dequeue=4, num_threads=2,
        enqueue_many=True, seed=36)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, d, s = sess.run([click_b, dense_b, sparse_b])
                batches.append([c.tolist(), d.astype(np.float64).tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "impressions: %d" % sum(len(b[0]) for b in batches)}
