"""The slim-style prefetch queue (k readers over one file queue, their enqueue ops appended in a loop) with a
``shared_name`` on the examples queue, built by a helper called once; a plain ``Session``; ``train.batch``."""
import os

import tensorflow.compat.v1 as tf


def build(paths, readers=2):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    examples_queue = tf.FIFOQueue(capacity=50, dtypes=[tf.string], shapes=[[]], shared_name="examples_queue")
    enqueue_ops = []
    for _ in range(readers):
        reader = tf.TextLineReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(examples_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(examples_queue, enqueue_ops))
    line = examples_queue.dequeue()
    return tf.train.batch([tf.strings.upper(line)], 3, allow_smaller_final_batch=True)


def main(data_dir):
    root = os.path.join(data_dir, "r26b_prefetch_readers_shared_name")
    os.makedirs(root, exist_ok=True)
    paths = []
    for s in range(3):
        path = os.path.join(root, "part-%d.txt" % s)
        with open(path, "w") as f:
            f.write("".join("s%d-line%d\n" % (s, i) for i in range(4 + s)))
        paths.append(path)
    batch = build(paths)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([[x.decode() for x in sess.run(batch)]])  # (one column)
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "out_of_range"}
