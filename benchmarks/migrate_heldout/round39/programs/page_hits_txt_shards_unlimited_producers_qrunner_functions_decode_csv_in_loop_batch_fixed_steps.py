import os

import tensorflow.compat.v1 as tf

tf.set_random_seed(777)

# page_id,hits per line; three access-count shards written by the log roller.
SHARDS = {
    'q_1.txt': [(101, 7), (102, 3), (103, 12), (104, 0)],
    'q_2.txt': [(201, 5), (202, 9), (203, 1), (204, 4)],
    'q_3.txt': [(301, 8), (302, 2), (303, 6), (304, 11)],
}


def write_shards(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    paths = []
    for name in sorted(SHARDS):
        path = os.path.join(folder, name)
        with open(path, 'w') as f:
            for page, hits in SHARDS[name]:
                f.write('%d,%d\n' % (page, hits))
        paths.append(path)
    return paths


def qRunner1(out):
    sess = tf.Session()
    q = tf.train.string_input_producer(['10', '20', '30'], shuffle=False)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    for i in range(5):
        value = sess.run(q.dequeue())
        out.append([[value.decode('utf-8')]])
    coord.request_stop()
    coord.join(threads=threads)


def qRunner2(out, files):
    sess = tf.Session()
    q = tf.train.string_input_producer(files, shuffle=False)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    reader = tf.TextLineReader()
    key, value = reader.read(queue=q)

    record_defaults = [[0], [0]]
    for i in range(6):
        x, y = tf.decode_csv(value, record_defaults=record_defaults)
        x_, y_ = sess.run([x, y])
        out.append([[int(x_)], [int(y_)]])
    coord.request_stop()
    coord.join(threads=threads)


def qRunner3(out, files):

    queue = tf.train.string_input_producer(files, shuffle=False)
    reader = tf.TextLineReader()
    _, value = reader.read(queue=queue)

    record_defaults = [[-1], [99]]
    x, y = tf.decode_csv(value, record_defaults=record_defaults)

    xbatch, ybatch = tf.train.batch([x, y], batch_size=5)

    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)

    for i in range(4):
        x, y = sess.run([xbatch, ybatch])
        out.append([x.tolist(), y.tolist()])

    coord.request_stop()
    coord.join(threads=threads)


def main(data_dir):
    files = write_shards(os.path.join(data_dir, 'h39_page_hits', 'Data'))
    out = []
    qRunner1(out)
    qRunner2(out, files)
    qRunner3(out, files)
    return {"batches": out, "end": "runs: %d" % len(out)}
