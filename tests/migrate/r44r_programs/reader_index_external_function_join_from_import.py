"""A join over another module's reader function, each call given the comprehension's index (it names the
reader and one op there), the batch through `from tensorflow.compat.v1 import train`."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r44r_lib.shard_reader import read_shard


def main(data_dir):
    folder = os.path.join(data_dir, "r44r_cores")
    os.makedirs(folder, exist_ok=True)
    files = []
    for shard in range(2):
        path = os.path.join(folder, "cores-%d.tfrecords" % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(4):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[shard * 10 + i])),
                    "depth": tf.train.Feature(float_list=tf.train.FloatList(value=[0.5 * i + shard])),
                }))
                w.write(ex.SerializeToString())
        files.append(path)
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    cores = [read_shard(queue, i) for i in range(2)]
    ids, depths = train.batch_join(cores, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, d = sess.run([ids, depths])
                batches.append([i.tolist(), [round(float(v), 3) for v in d]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "cores: %d" % sum(len(b[0]) for b in batches)}
