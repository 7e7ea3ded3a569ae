"""A TFRecord file read inline beside a text file read by a helper of another module, paired in one batch (the
text file is longer: legacy ends at the shorter one's end)."""

import os

import tensorflow.compat.v1 as tf

from r19_left_lib import text_side


def write(data_dir):
    records, text = os.path.join(data_dir, "r19f_values.tfrecord"), os.path.join(data_dir, "r19f_captions.txt")
    with tf.io.TFRecordWriter(records) as w:
        for n in range(9):
            example = tf.train.Example(features=tf.train.Features(feature={
                "v": tf.train.Feature(int64_list=tf.train.Int64List(value=[n * n]))}))
            w.write(example.SerializeToString())
    with open(text, "w") as f:
        f.write("caption\n")
        for n in range(12):
            f.write("item %d\n" % n)
    return records, text


def main(data_dir):
    records, text = write(data_dir)
    queue = tf.train.string_input_producer([records], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    value = tf.parse_single_example(serialized, {"v": tf.FixedLenFeature([], tf.int64)})["v"]
    caption = text_side.caption_of(text)
    values, captions = tf.train.batch([value * 2, caption], batch_size=4, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, c = sess.run([values, captions])
                batches.append([v.tolist(), [x.decode() for x in c]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
