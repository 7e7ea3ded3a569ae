# Listing 5-3: feeding the drum-hit classifier from binary files
import os
import tensorflow.compat.v1 as tf

import taiko61_lib.chapter5_input as chapter5_input


def main(data_dir):
    filenames = chapter5_input.write_logs(os.path.join(data_dir, 'h61_taiko'))
    timing, strength, label = chapter5_input.inputs(filenames, batch_size=3)

    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        step = 0
        while not coord.should_stop():
            t, s, l = sess.run([timing, strength, label])
            batches.append([t.tolist(), s.tolist(), l.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        pass  # print('Done reading -- epoch limit reached')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "hits: %d" % (3 * step)}
