"""The processor's subclass made twice: in 'eval' mode with one reader and one preprocessing thread (the files in
order, one reader, the join of one copy), and inline in 'train' mode with two readers into the shuffling queue and
two copies of parse."""
import tensorflow.compat.v1 as tf

from f4_lib import processing
from f4_lib.processing import RecordProcessor
from f4_lib.shards import Shards


def _drain(sess, tensors):
    out = []
    try:
        while True:
            x, lab = sess.run(tensors)
            out.append([x.tolist(), lab.tolist()])
    except tf.errors.OutOfRangeError:
        return out


def main(data_dir):
    shards = Shards(data_dir)
    processor = RecordProcessor("eval", shards, 5, num_threads=1)
    evaluation = processor.batch()
    train = processing.RecordProcessor("train", Shards(data_dir), 4).batch()
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = _drain(sess, evaluation) + _drain(sess, train)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
