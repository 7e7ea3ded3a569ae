"""Tacotron's layout: the program makes a Coordinator and hands it to a feeder `Thread` subclass of another
module; the loop checks it, the handlers report to it, and it stops the feeder at the end."""

import tensorflow.compat.v1 as tf

from r21t_lib.feeder import Feeder

NUM_STEPS = 6


def main(data_dir):
    coord = tf.train.Coordinator()
    with tf.variable_scope('datafeeder'):
        feeder = Feeder(coord, list(range(10)), 3)
    total = tf.reduce_sum(feeder.x, axis=1)
    batches = []
    with tf.Session() as sess:
        try:
            feeder.start_in_session(sess)
            for step in range(NUM_STEPS):
                if coord.should_stop():
                    break
                x, y, t = sess.run([feeder.x, feeder.y, total])
                batches.append([x.tolist(), y.tolist(), t.tolist()])
        except Exception as e:
            print('Exiting due to exception: %s' % e)
            coord.request_stop(e)
        finally:
            coord.request_stop()
    feeder.join(10)
    return {"batches": batches, "end": [len(batches), feeder.is_alive()]}
