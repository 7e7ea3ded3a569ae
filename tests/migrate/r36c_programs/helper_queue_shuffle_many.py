"""Click logs: a helper handed the file queue reads groups with `read_up_to`, decodes the vector of lines; the
caller shuffles the rows with two threads (enqueue_many)."""
import os

import tensorflow.compat.v1 as tf

BUCKETS = 50


def write_logs(out):
    paths = []
    for day, count in enumerate((7, 5)):  # not multiples of the read count
        path = os.path.join(out, "day_%d.tsv" % day)
        with open(path, "w") as f:
            for i in range(count):
                f.write("%d\t%d\tsite_%d\n" % (i % 2, day * 100 + i, (i * 7 + day) % 5))
        paths.append(path)
    return paths


def read_batch(filename_queue, n):
    reader = tf.TextLineReader()
    _, lines = reader.read_up_to(filename_queue, n)
    click, count, site = tf.decode_csv(lines, record_defaults=[[0], [0], [""]], field_delim="\t")
    features = tf.stack([tf.cast(count, tf.float32), tf.cast(click, tf.float32) * 2.0], axis=1)
    return click, features, tf.string_to_hash_bucket_fast(site, BUCKETS)


def main(data_dir):
    out = os.path.join(data_dir, "r36c_shuffle")
    os.makedirs(out, exist_ok=True)
    paths = write_logs(out)  # 12 rows
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    click, features, site = read_batch(filename_queue, 3)
    click_b, features_b, site_b = tf.train.shuffle_batch(
        [click, features, site], batch_size=4, capacity=32, min_after_dequeue=4, num_threads=2,
        enqueue_many=True, seed=7)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, f, s = sess.run([click_b, features_b, site_b])
                batches.append([c.tolist(), f.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
