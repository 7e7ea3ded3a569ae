"""`batch_join` over `[hands.CardReader(queue, ...).read_card() for _ in range(k)]`: a reader object per read
thread, its class in a package module holding the file queue it is given."""
import os

import tensorflow.compat.v1 as tf

from r34p_cards import hands, inputs


def main(data_dir):
    files = hands.write_parts(os.path.join(data_dir, "r34p_cards"))
    card, weight = inputs.card_batches(files)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                c, w = sess.run([card, weight])
                batches.append([c.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            end = "done"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
