"""YouTube-8M's own `get_input_data_tensors`: `batch_join` over `[reader.prepare_reader(filename_queue) for _ in
range(num_readers)]`, the reader object made from the package's `readers` module."""
import os

import tensorflow.compat.v1 as tf

import r30b_join


def write(data_dir):
    root = os.path.join(data_dir, "r30b_join")
    os.makedirs(root, exist_ok=True)
    paths = []
    for shard in range(3):
        p = os.path.join(root, "s%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(p) as w:
            for i in range(3):
                n = (shard + i) % 4 + 1
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "vid": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"v%d%d" % (shard, i)])),
                    "f": tf.train.Feature(float_list=tf.train.FloatList(value=[shard + 0.5 * k for k in range(n)]))}))
                w.write(ex.SerializeToString())
        paths.append(p)
    return paths


def main(data_dir):
    reader = r30b_join.readers.FrameReader(max_frames=3)
    vid, frames, n = r30b_join.get_input_data_tensors(reader, write(data_dir), batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                a, b, c = sess.run([vid, frames, n])
                batches.append({"vid": [x.decode() for x in a], "frames": b.tolist(), "n": c.tolist()})
        except tf.errors.OutOfRangeError:
            end = "done"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
