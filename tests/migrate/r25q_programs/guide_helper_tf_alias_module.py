"""The guide's simple_shuffle_batch under ``tf = tf.compat.v1``: a RandomShuffleQueue of one tensor, its
shapes and dtype read off the parameter, four threads of one op, ``add_queue_runner``; the caller's rows come
from a TextLineReader."""
import os

import tensorflow as tf

tf = tf.compat.v1


def simple_shuffle_batch(source, capacity, batch_size=10):
    queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=int(0.9 * capacity),
                                  shapes=source.shape, dtypes=source.dtype)
    enqueue = queue.enqueue(source)
    num_threads = 4
    qr = tf.train.QueueRunner(queue, [enqueue] * num_threads)
    tf.train.add_queue_runner(qr)
    return queue.dequeue_many(batch_size)


def main(data_dir):
    root = os.path.join(data_dir, "r25q_guide_alias")
    os.makedirs(root, exist_ok=True)
    files = []
    for part in range(2):
        files.append(os.path.join(root, "rows_%d.txt" % part))
        with open(files[-1], "w") as f:
            for i in range(10):
                n = part * 10 + i
                f.write("%d %d %d\n" % (n, n * n, n % 3))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    source = tf.stack(tf.decode_csv(line, [[0], [0], [0]], field_delim=" "))
    get_batch = simple_shuffle_batch(source, capacity=40, batch_size=5)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append([sess.run(get_batch).tolist()])  # (one column: the rows)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
