"""Congress roll-call votes: a feature_spec() dict parsed per record, shuffled by a hand-made RandomShuffleQueue
with names (two enqueue threads), then tf.train.batch of the dict."""
import os

import tensorflow.compat.v1 as tf

from vote37_lib.features import feature_spec, write_votes
from vote37_lib.shuffle import _shuffle


def main(data_dir):
    folder = os.path.join(data_dir, "h37_congress_votes")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "votes.tfrecords")
    write_votes(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, feature_spec())
    shuffled = _shuffle(parsed, capacity=30, min_after_dequeue=4, num_threads=2)
    batch = tf.train.batch(shuffled, batch_size=4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append([[x.decode() if isinstance(x, bytes) else int(x) for x in b[k]] for k in sorted(b)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "votes: %d" % sum(len(b[0]) for b in batches)}
