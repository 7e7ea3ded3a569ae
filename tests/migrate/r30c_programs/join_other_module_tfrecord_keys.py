"""k copies of another module's TFRecordReader helper (`from r30c_lib.records import read_record`) into
`shuffle_batch_join`; the keys ("<file>:<byte offset>") batched."""
import os

import tensorflow.compat.v1 as tf

from r30c_lib.records import read_record


def main(data_dir):
    root = os.path.join(data_dir, "r30c_records")
    os.makedirs(root, exist_ok=True)
    files = []
    for i in range(3):
        path = os.path.join(root, "shard-%d.tfrecord" % i)
        with tf.io.TFRecordWriter(path) as w:
            for j in range(i + 3):
                w.write(b"r" * (j * 3 + i + 1))
        files.append(path)
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    example_list = [read_record(queue) for _ in range(2)]
    keys, sizes = tf.train.shuffle_batch_join(example_list, batch_size=4, capacity=12, min_after_dequeue=3, seed=2,
                                              allow_smaller_final_batch=True)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                k, s = sess.run([keys, sizes])
                out.append([[x.decode().replace(data_dir, "DATA") for x in k], s.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
