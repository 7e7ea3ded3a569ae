"""The helper's read size left at its default 1 by every call, its reader class handed by keyword: `read`,
`enqueue_many=False`, batches in order, `parse_example` after the batch."""
import os

import tensorflow.compat.v1 as tf

from fl_lib import readers, records


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "fl_default"))
    serialized = readers.read_records(files, 3, reader_cls=tf.TFRecordReader, name="rows")
    parsed = tf.parse_example(serialized, records.SPEC)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p = sess.run(parsed)
                batches.append([p["idx"].tolist(), [t.decode() for t in p["tag"]]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
