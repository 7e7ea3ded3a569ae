"""Producers kept on ``self`` and dequeued in another method called once per object: a range producer over a
numpy table's rows (``dequeue_many(self.batch_size)``) and an ``input_producer`` of labels (a literal count)."""
import numpy as np
import tensorflow.compat.v1 as tf

from q5stand.tables import LabelFeed, RowPipeline


def main(data_dir):
    table = np.arange(30, dtype=np.float64).reshape(10, 3)
    pipeline = RowPipeline(table, batch_size=4, num_epochs=2, shuffle=False)
    idx, rows = pipeline.next_batch()
    feed = LabelFeed(np.arange(7), 1)
    labels = feed.take()
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            out.append(['labels', sess.run(labels).tolist()])
        out.append(['all labels', sess.run(feed.labels).tolist(), pipeline.rows])
        try:
            while True:
                i, r = sess.run([idx, rows])
                out.append([i.tolist(), r.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
