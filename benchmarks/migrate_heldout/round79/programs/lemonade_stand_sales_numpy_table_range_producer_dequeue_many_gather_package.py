"""Lemonade-stand daily sales kept as one numpy table (stand id, cups, price, temperature) served by a
company `SalesPipeline` class: a `range_input_producer` over the row count (no shuffle, one epoch),
`dequeue_many(batch_size)` of row indices in `next_batch()`, and `tf.gather` of the rows; the report loop runs
`num_rows // batch_size` steps."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from lemonade79.pipeline import SalesPipeline


def main(data_dir):
    d = os.path.join(data_dir, 'h79_lemonade')
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(79)
    table = np.stack([rng.randint(1, 9, size=12), rng.randint(5, 60, size=12),
                      np.round(0.5 + rng.rand(12), 2), np.round(18 + rng.rand(12) * 15, 1)], axis=1)
    np.save(os.path.join(d, 'daily_sales.npy'), table)

    pipeline = SalesPipeline(os.path.join(d, 'daily_sales.npy'), batch_size=4, num_epochs=1, shuffle=False)
    stand_ids, rows = pipeline.next_batch()

    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for step in range(pipeline.num_rows // pipeline.batch_size):
        s, r = sess.run([stand_ids, rows])
        out.append([s.tolist(), np.round(r.astype(np.float64), 2).tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "sales days: %d" % sum(len(b[0]) for b in out)}
