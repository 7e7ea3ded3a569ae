"""A prefetch queue whose runner is kept in a variable and added later to a named collection (positional, spelled
``tf.train.queue_runner``), two threads of one op, started by a loop of ``create_threads`` over the collection."""
import os

import tensorflow as tf

v1 = tf.compat.v1
PREFETCH = "prefetch_runners"


def write_rows(path, n):
    with open(path, "w") as f:
        for i in range(n):
            f.write("%d:%s\n" % (i, "abcdefg"[i % 7] * (1 + i % 3)))


def rows(path):
    files = v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = v1.TextLineReader().read(files)
    parts = tf.strings.split([line], ":").values
    key = tf.strings.to_number(parts[0], tf.int32)
    queue = v1.FIFOQueue(20, [tf.int32, tf.string], shapes=[[], []], name="prefetch")
    enqueue_op = queue.enqueue([key, parts[1]])
    qr = v1.train.queue_runner.QueueRunner(queue, [enqueue_op] * 2)
    v1.train.queue_runner.add_queue_runner(qr, PREFETCH)
    return queue.dequeue_up_to(4)


def main(data_dir):
    root = os.path.join(data_dir, "r26b_runner_kept_added_later")
    os.makedirs(root, exist_ok=True)
    write_rows(os.path.join(root, "rows.txt"), 14)
    keys, words = rows(os.path.join(root, "rows.txt"))
    out = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        for runner in v1.get_collection(PREFETCH):
            threads += runner.create_threads(sess, coord=coord, start=True)
        try:
            while True:
                k, w = sess.run([keys, words])
                out.append([k.tolist(), [x.decode() for x in w]])
        except v1.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "out_of_range"}
