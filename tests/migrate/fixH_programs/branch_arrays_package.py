"""The branch-bound arrays in a data module of a package (fixH_lib.cifar_like), called for train and eval."""
import tensorflow.compat.v1 as tf

from fixH_lib import cifar_like


def main(data_dir):
    batches = []
    for eval_data in (False, True):
        with tf.Graph().as_default():
            rows, labels = cifar_like.inputs(eval_data, 3)
            with tf.Session() as sess:
                coord = tf.train.Coordinator()
                threads = tf.train.start_queue_runners(sess=sess, coord=coord)
                for _ in range(4):
                    r, l = sess.run([rows, labels])
                    batches.append([r.tolist(), l.tolist()])
                coord.request_stop()
                coord.join(threads)
    return {"batches": batches, "end": "steps: %d" % len(batches)}
