"""Two `TFRecordReader`s made in a list comprehension over one file queue, each read once in a second
comprehension whose helper parses the record (`parse(r.read(queue)[1])`, a tuple back), the list of examples
joined by `shuffle_batch_join`; a multiset of rows and the batch sizes."""

import os

import tensorflow.compat.v1 as tf

READERS = 2


def parse(serialized):
    features = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    return features["x"][0], features["label"]


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=4)
    readers = [tf.TFRecordReader() for _ in range(READERS)]
    examples = [parse(r.read(queue)[1]) for r in readers]
    x_batch, label_batch = tf.train.shuffle_batch_join(examples, batch_size=8, capacity=50, min_after_dequeue=10,
                                                       allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, label = sess.run([x_batch, label_batch])
                sizes.append(len(label))
                rows.extend(zip(x.tolist(), label.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
