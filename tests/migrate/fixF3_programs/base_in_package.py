"""A subclass of another module of the package whose base is a third module's ``abc.ABC`` subclass."""
import tensorflow.compat.v1 as tf

from fixf3_lib.inputs import RecordSource


def main(data_dir):
    source = RecordSource(data_dir, 15)  # 180 records: 12 batches
    xs, labels = source.batch()
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, label = sess.run([xs, labels])
                batches.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end, "asked": source.asked}
