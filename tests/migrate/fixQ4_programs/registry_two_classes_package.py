"""A source class looked up in another module's registry of two classes sharing one base ``make_reader``."""
import os

import tensorflow.compat.v1 as tf

from q4_lib.registry import REGISTRY


def batches(name, folder, batch_size=3):
    source = REGISTRY[name](folder)
    files = source.write(5)
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = source.make_reader()
    _, value = reader.read(queue)
    record = source.decode(value)
    return tf.train.batch(record, batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    batch = batches("beta", os.path.join(data_dir, "q4_registry"))
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                out.append([b["id"].tolist(), b["score"].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
