"""Readers zipped with their own count (`for reader, k in zip(readers, range(NUM))`), each read once, the record
parsed and appended as a dict, joined by `batch_join` (a dict back); the readers made in a comprehension whose
index names them; a multiset of rows and the batch sizes."""

import os

import tensorflow.compat.v1 as tf

NUM = 2


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in (1, 2, 3)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    readers = [tf.TFRecordReader(name="records_%d" % n) for n in range(NUM)]
    examples = []
    for reader, k in zip(readers, range(NUM)):
        _, serialized = reader.read(queue)
        parsed = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})
        examples.append({"label": parsed["label"], "square": parsed["label"] * parsed["label"]})
    batch = tf.train.batch_join(examples, batch_size=6, allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                sizes.append(len(got["label"]))
                rows.extend(zip(got["label"].tolist(), got["square"].tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
