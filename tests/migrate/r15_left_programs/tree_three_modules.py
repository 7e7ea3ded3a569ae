"""A pipeline spread over three modules of a package: the file queue (`r15l_lib.sources`), the reader helper
(`r15l_lib.decoders`) and the batch helper (`r15l_lib.batching`, imported by name under another name)."""

import tensorflow.compat.v1 as tf

import r15l_lib.sources as sources
from r15l_lib import decoders
from r15l_lib.batching import make_batch as group


def build_input(data_dir, batch_size):
    queue = sources.file_queue(data_dir, "records-*.tfrecord", num_epochs=1)
    example = decoders.read_example(queue)
    return group(example, batch_size=batch_size)


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
                batches.append({k: v.tolist() for k, v in sorted(values.items())})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
