"""Examples parsed by ``tf.io.parse_single_example`` in a module function; the keys listed as ``list(x.keys())``,
batched as a list with a non-literal ``shapes=`` and rebuilt into a dict by a loop; ``len(names)`` read after the batch too."""
import os

import tensorflow as tf

v1 = tf.compat.v1

FEATURES = {"id": tf.io.FixedLenFeature([], tf.int64), "score": tf.io.FixedLenFeature([2], tf.float32)}
SHAPES = {"id": [], "score": [2]}


def write(path, n):
    with tf.io.TFRecordWriter(path) as w:
        for i in range(n):
            ex = tf.train.Example(features=tf.train.Features(feature={
                "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                "score": tf.train.Feature(float_list=tf.train.FloatList(value=[i / 2.0, i * 1.5]))}))
            w.write(ex.SerializeToString())


def inputs(paths, batch_size):
    files = v1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = v1.TFRecordReader()
    _, serialized = reader.read(files)
    parsed = tf.io.parse_single_example(serialized, FEATURES)
    names = list(parsed.keys())
    tensors = v1.train.batch([parsed[n] for n in names], batch_size, shapes=[SHAPES[n] for n in names],
                             allow_smaller_final_batch=True)
    count = len(names)
    out = {}
    for i in range(count):
        out[names[i]] = tensors[i]
    return out


def main(data_dir):
    root = os.path.join(data_dir, "r26c_parse_example_keys")
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "a.tfrecord")
    write(path, 7)
    batch = inputs([path], 3)
    out, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                out.append({k: v.tolist() for k, v in sorted(b.items())})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
