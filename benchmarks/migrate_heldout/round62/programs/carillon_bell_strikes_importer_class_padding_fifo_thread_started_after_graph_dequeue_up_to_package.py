# Carillon bell-strike sequences: an importer package with its own PaddingFIFOQueue thread.
# From mozilla/DeepSpeech PR #197 ("Fixed #193": graph creation moved before
# tf.train.start_queue_runners(sess=session) and data_sets.start_queue_threads(session), so the
# queue threads do not run on a graph being modified).
import os

import tensorflow.compat.v1 as tf

from carillon62_lib import importer


def main(data_dir):
    folder = os.path.join(data_dir, "h62_carillon")
    os.makedirs(folder, exist_ok=True)
    importer.write_logs(folder)
    data_sets = importer.read_data_sets(folder, batch_size=3)

    # graph first
    strikes, lengths = data_sets.train.next_batch()
    mask = tf.sequence_mask(lengths, tf.shape(strikes)[1])
    low_bells = tf.reduce_sum(tf.cast(tf.logical_and(mask, tf.less(strikes, 12)), tf.int32), axis=1)

    session = tf.Session()
    session.run(tf.global_variables_initializer())
    # Start queue runner threads
    tf.train.start_queue_runners(sess=session)
    # Start importer's queue threads
    threads = data_sets.start_queue_threads(session)

    batches = []
    while True:
        try:
            s, l, b = session.run([strikes, lengths, low_bells])
        except tf.errors.OutOfRangeError:
            break
        batches.append([s.tolist(), l.tolist(), b.tolist()])
    for t in threads:
        t.join()
    session.close()
    return {"batches": batches, "end": "pieces: %d" % sum(len(b[1]) for b in batches)}
