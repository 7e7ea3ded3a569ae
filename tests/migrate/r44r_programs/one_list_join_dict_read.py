"""batch_join over a literal list of one dict name (a plain `read` and `parse_single_example`): the batch of it."""
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "r44r_tides")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "tides.tfrecords")
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(10):
            ex = tf.train.Example(features=tf.train.Features(feature={
                "hour": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                "level": tf.train.Feature(float_list=tf.train.FloatList(value=[0.25 * i])),
            }))
            w.write(ex.SerializeToString())
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, {"hour": tf.FixedLenFeature([], tf.int64),
                                                  "level": tf.FixedLenFeature([], tf.float32)})
    batch = tf.train.batch_join([parsed], batch_size=4, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append([b["hour"].tolist(), [round(float(v), 3) for v in b["level"]]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "hours: %d" % sum(len(b[0]) for b in batches)}
