"""Pipeline built in another module (`nt_lib/pipeline.py`) with **nested functions** closing over the builder's
arguments and the batch **returned as a namedtuple** (`InputBatch(ids, pairs, labels)`), run whole with
`sess.run(batch)`; fixed-length records with a header."""

import tensorflow.compat.v1 as tf

from nt_lib import pipeline


def main(data_dir):
    batch = pipeline.build_input(data_dir, batch_size=7, num_epochs=2)

    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append({k: v.tolist() for k, v in values._asdict().items()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
