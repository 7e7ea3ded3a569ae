"""Display-banner CTR input: tab-separated impression logs, hashed categorical fields, a hand-built shuffle queue."""
import os
import random

import tensorflow.compat.v1 as tf

HASH_BUCKETS = 1000
BATCH_SIZE = 4


class ClickLogQueue(object):
    def __init__(self, log_files, num_enqueue_threads=2):
        self.log_files = log_files
        self.num_enqueue_threads = num_enqueue_threads

    def _parse(self, line):
        label, site, ad_size, device, hour = tf.decode_csv(
            line, record_defaults=[[0.0], ["-"], ["-"], ["-"], [0]], field_delim="\t")
        cats = tf.stack([site, ad_size, device])
        hashed = tf.string_to_hash_bucket_fast(cats, HASH_BUCKETS)
        return hashed, tf.cast(hour, tf.float32), label

    def dequeue(self):
        files = tf.train.string_input_producer(self.log_files, num_epochs=1, shuffle=False)
        reader = tf.TextLineReader()
        queue = tf.RandomShuffleQueue(capacity=50, min_after_dequeue=5, seed=611,
                                      dtypes=[tf.int64, tf.float32, tf.float32], shapes=[[3], [], []])
        enqueue_ops = []
        for _ in range(self.num_enqueue_threads):
            _, line = reader.read(files)
            enqueue_ops.append(queue.enqueue(self._parse(line)))
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, enqueue_ops))
        return queue.dequeue_many(BATCH_SIZE)


def main(data_dir):
    folder = os.path.join(data_dir, "h60_display_banner_clicks")
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(611)
    logs = []
    for day in ("20170301", "20170302"):
        path = os.path.join(folder, "impressions_%s.tsv" % day)
        with open(path, "w") as f:
            for _ in range(8):
                f.write("%d\t%s\t%s\t%s\t%d\n" % (rng.randint(0, 1), rng.choice(["news.example", "recipes.example", "cars.example"]),
                                                 rng.choice(["300x250", "728x90", "320x50"]), rng.choice(["ios", "android", "desktop"]),
                                                 rng.randint(0, 23)))
        logs.append(path)
    hashed, hour, label = ClickLogQueue(logs).dequeue()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        while True:
            try:
                h, hr, y = sess.run([hashed, hour, label])
            except tf.errors.OutOfRangeError:
                break
            batches.append([h.tolist(), hr.tolist(), y.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "impressions: %d" % sum(len(b[2]) for b in batches)}
