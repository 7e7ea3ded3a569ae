"""A feed subclass of another module (`RecordFeed(Feed)`, a sibling `CsvFeed` never made): the base's own
`batches` method reads a TFRecord file through the subclass's `read_one` (producer on `self`, no `if`) and
`parse`."""
import os

import tensorflow.compat.v1 as tf

import k2lib.records


def main(data_dir):
    path = os.path.join(data_dir, 'k2_scores.tfrecord')
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(5):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                'score': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.5]))}))
            w.write(ex.SerializeToString())
    feed = k2lib.records.RecordFeed([path], 4)
    ids, scores = feed.batches()
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([ids, scores])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
