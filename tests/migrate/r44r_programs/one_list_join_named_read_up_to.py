"""shuffle_batch_join over a name bound to a one-element list around `read_up_to` + `decode_csv`
(`enqueue_many=True`), through `tf1 = tf.compat.v1`."""
import os

import tensorflow as tf

tf1 = tf.compat.v1


def read_calls(files, batch_size):
    queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf1.TextLineReader()
    _, lines = reader.read_up_to(queue, 5)
    columns = tf1.decode_csv(lines, record_defaults=[[""], [0]])
    joined = [columns]
    return tf1.train.shuffle_batch_join(joined, batch_size=batch_size, capacity=40, min_after_dequeue=8,
                                        enqueue_many=True, seed=3)


def main(data_dir):
    folder = os.path.join(data_dir, "r44r_calls")
    os.makedirs(folder, exist_ok=True)
    files = []
    for day in range(2):
        path = os.path.join(folder, "calls-%d.csv" % day)
        with open(path, "w") as f:
            for i in range(8):
                f.write("cell-%d-%d,%d\n" % (day, i, 30 * i + day))
        files.append(path)
    cells, seconds = read_calls(files, 4)
    batches = []
    sess = tf1.Session()
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            c, s = sess.run([cells, seconds])
            batches.append([[v.decode() for v in c], s.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "calls: %d" % sum(len(b[0]) for b in batches)}
