"""A trainer whose input is spread over three modules of a package (`ingest_lib/sources.py` makes the file
queue, `ingest_lib/decoders.py` reads and decodes a record into a dict, `ingest_lib/batching.py` batches the
dict), each imported in its own style, and chained here.
"""

import tensorflow.compat.v1 as tf

import ingest_lib.decoders as decoders
from ingest_lib import sources
from ingest_lib.batching import make_batch


def build_input(data_dir, batch_size):
    queue = sources.file_queue(data_dir, "records-*.tfrecord", num_epochs=1)
    example = decoders.read_example(queue)
    return make_batch(example, batch_size=batch_size)


def main(data_dir):
    batch = build_input(data_dir, batch_size=40)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append({k: v.tolist() for k, v in values.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
