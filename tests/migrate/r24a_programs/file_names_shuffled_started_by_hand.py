"""A hand-built RandomShuffleQueue of file names (settings by position, a list of dtypes), filled by three
threads of one ``enqueue_many([limit_epochs(...)])`` op whose runner is started by
``threads.extend(qr.create_threads(...))``; lines read by a TextLineReader."""

import os

import tensorflow.compat.v1 as tf1


def write_lines(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i in range(3):
        path = os.path.join(folder, "part-%d.txt" % i)
        with open(path, "w") as f:
            f.write("".join("%d\n" % (i * 10 + k) for k in range(3)))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_lines(os.path.join(data_dir, "r24a_shuffled_started_by_hand"))
    names = tf1.constant(paths)
    queue = tf1.RandomShuffleQueue(30, 1, [tf1.string], seed=5)
    fill = queue.enqueue_many([tf1.train.limit_epochs(names, 3)])
    runner = tf1.train.queue_runner.QueueRunner(queue, [fill, fill, fill])
    _, line = tf1.TextLineReader().read(queue)
    number = tf1.strings.to_number(line, tf1.int32)
    batch = tf1.train.batch([number], 4, allow_smaller_final_batch=True)
    batches, end = [], "steps"
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        threads.extend(runner.create_threads(sess, coord=coord, start=True))
        try:
            while True:
                batches.append([sess.run(batch).tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
