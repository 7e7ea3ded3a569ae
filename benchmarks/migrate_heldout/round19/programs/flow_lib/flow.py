"""A generic session flow: initialise, start the runners and call `process_once(sess, step)` until the data ends,
the callback asks to stop (returns True) or `num_steps` is reached."""

import tensorflow.compat.v1 as tf


def tf_flow(process_once, num_steps=None, sess=None):
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    own_session = sess is None
    if own_session:
        sess = tf.Session()
    sess.run(init_op)

    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            stop = process_once(sess, step)
            step += 1
            if stop is True:
                raise tf.errors.OutOfRangeError(None, None, "Early stop after %d steps" % step)
            if num_steps and step == num_steps:
                raise tf.errors.OutOfRangeError(None, None, "Reached max num steps")
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        if own_session:
            sess.close()
    return step
