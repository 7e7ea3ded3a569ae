import os

import tensorflow.compat.v1 as tf

from carn53_lib.reader import inputs
from carn53_lib.writer import write_shards


def main(data_dir):
    folder = os.path.join(data_dir, "h53_carnival_ticket_scans_reader_module_two_tfrecord_readers_batch_join_package")
    os.makedirs(folder, exist_ok=True)
    files = write_shards(folder)
    ticket, gate, price = inputs(files, batch_size=3)

    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            t, g, p = sess.run([ticket, gate, price])
            batches.append([t.tolist(), [x.decode() for x in g], p.tolist()])
    except tf.errors.OutOfRangeError:
        print("all scans read")
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "scans: %d" % (3 * len(batches))}
