"""slim's form: ``dataset = slim.get_split(files)`` (its reader class kept on the dataset), a provider over it
(``dataset.reader()``), one reader in order; the loader takes the dataset as a parameter."""
import os

import tensorflow.compat.v1 as tf

from r34d_lib import records
from r34d_lib import slim


def load_batch(dataset, batch_size=4):
    provider = slim.DatasetDataProvider(dataset, shuffle=False, num_epochs=1, common_queue_capacity=6)
    label, name = provider.get(["label", "name"])
    return tf.train.batch([label, name], batch_size=batch_size)


def main(data_dir):
    dataset = slim.get_split(records.write_shards(os.path.join(data_dir, "r34d_slim")))
    labels, names = load_batch(dataset)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                lb, nm = sess.run([labels, names])
                batches.append([lb.tolist(), [n.decode() for n in nm]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
