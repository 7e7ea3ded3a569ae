"""The census input function of another module, unshuffled: each run is `read_up_to`'s group, within one file."""
import os

import tensorflow.compat.v1 as tf

from p1_lib import census, shards


def main(data_dir):
    files = shards.csv_shards(os.path.join(data_dir, "p1_census"))
    features, label = census.generate_input_fn(files, num_epochs=2, shuffle=False, skip_header_lines=1)()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                f, l = sess.run([features, label])
                batches.append([[x.decode() for x in f["id"][:, 0]], f["weight"][:, 0].tolist(), l[:, 0].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
