"""read_and_decode helper under another alias (tf1), shuffled producer and shuffle_batch: same multiset."""

import tensorflow.compat.v1 as tf1


def read_and_decode(filename_queue):
    reader = tf1.TFRecordReader()
    key, value = reader.read(filename_queue)
    feats = tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([3], tf1.float32),
                                             "label": tf1.FixedLenFeature([], tf1.int64)})
    return feats["x"], feats["label"]


def main(data_dir):
    files = [data_dir + "/records-%d.tfrecord" % i for i in range(4)]
    fq = tf1.train.string_input_producer(files, num_epochs=2, seed=3)
    x, y = read_and_decode(fq)
    bx, by = tf1.train.shuffle_batch([x, y], batch_size=25, capacity=300, min_after_dequeue=50,
                                     allow_smaller_final_batch=True, seed=3)
    res = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess, coord)
        try:
            while True:
                a, b = sess.run([bx, by])
                res.append([a.tolist(), b.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": res, "end": end}
