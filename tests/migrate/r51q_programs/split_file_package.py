"""A file-queue helper of another module computing its names (split file, existence check) and returning its
producer; a reader helper and a batch helper of that module, the reader's list kept whole as ``inputs``."""
import os

import tensorflow.compat.v1 as tf

from r51q_lib import rides


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_rides')
    os.makedirs(root, exist_ok=True)
    split = rides.write_days(root, 3, 4)
    filename_queue = rides.get_filename_queue(split, root, num_epochs=1)
    inputs = rides.read_ride(filename_queue)
    batch = rides.create_batch(inputs, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                chair, riders = sess.run(batch)
                batches.append([chair.tolist(), riders.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
