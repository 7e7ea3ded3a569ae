"""Handwriting: pen strokes stored sparsely (`idx` / `val` lists) and parsed with `tf.io.SparseFeature`, densified,
and batched with explicit `shapes=`."""
import os

import tensorflow.compat.v1 as tf

GRID = 8


def write_strokes(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "strokes.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(13):
            idx = sorted({(i * 3 + k * 5) % GRID for k in range(1 + i % 4)}, reverse=bool(i % 2))
            val = [0.5 * (i + 1) + 0.25 * j for j in range(len(idx))]
            feature = {
                "idx": tf.train.Feature(int64_list=tf.train.Int64List(value=idx)),
                "val": tf.train.Feature(float_list=tf.train.FloatList(value=val)),
                "writer": tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
            }
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return path


def read_stroke(filename_queue):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, {
        "stroke": tf.io.SparseFeature(index_key="idx", value_key="val", dtype=tf.float32, size=GRID),
        "writer": tf.FixedLenFeature([], tf.int64),
    })
    dense = tf.sparse.to_dense(parsed["stroke"])
    ink = tf.reduce_sum(dense)
    return dense, parsed["writer"], ink


def main(data_dir):
    path = write_strokes(os.path.join(data_dir, "h18_handwriting"))
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    dense, writer, ink = read_stroke(queue)
    stroke_b, writer_b, ink_b = tf.train.batch([dense, writer, ink], batch_size=5, shapes=[[GRID], [], []],
                                               allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, w, k = sess.run([stroke_b, writer_b, ink_b])
                batches.append([s.tolist(), w.tolist(), [round(float(v), 4) for v in k]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "ok"}
