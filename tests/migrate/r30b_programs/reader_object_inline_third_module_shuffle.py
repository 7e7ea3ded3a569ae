"""A reader object built inline in the call (`shuffled_inputs(readers.LabelReader(3.0), files)`), the function
taking it in a third module, `import tensorflow as tf`, shuffle_batch; a second reader class stays unused."""
import os

import tensorflow as tf

from r30b_parts import batching, readers


def write(data_dir):
    root = os.path.join(data_dir, "r30b_inline")
    os.makedirs(root, exist_ok=True)
    paths = []
    for shard in range(2):
        p = os.path.join(root, "part%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(p) as w:
            for i in range(5):
                v = shard * 10 + i
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(float_list=tf.train.FloatList(value=[v, v + 0.5])),
                    "y": tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))}))
                w.write(ex.SerializeToString())
        paths.append(p)
    return paths


def main(data_dir):
    x, y = batching.shuffled_inputs(readers.LabelReader(3.0), write(data_dir), batch_size=3)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                a, b = sess.run([x, y])
                batches.append({"x": a.tolist(), "y": b.tolist()})
        except tf.errors.OutOfRangeError:
            end = "done"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
