"""A batch helper reading a config object: cfg.shuffle picks shuffle_batch or batch, capacity from
cfg.min_queue_num + 3 * cfg.batchsize; tensors= keyword."""

import collections

import tensorflow.compat.v1 as tf

Config = collections.namedtuple("Config", ["shuffle", "batchsize", "min_queue_num", "reader_thread"])


def generate_batch(X, Y, cfg):
    if cfg.shuffle:
        Xs, Ys = tf.train.shuffle_batch(
            tensors=[X, Y],
            batch_size=cfg.batchsize,
            capacity=cfg.min_queue_num + 3 * cfg.batchsize,
            min_after_dequeue=cfg.min_queue_num,
            num_threads=cfg.reader_thread,
            allow_smaller_final_batch=True)
    else:
        Xs, Ys = tf.train.batch(
            tensors=[X, Y],
            batch_size=cfg.batchsize,
            capacity=cfg.min_queue_num + 3 * cfg.batchsize,
            num_threads=cfg.reader_thread,
            allow_smaller_final_batch=True)
    return Xs, Ys


def load(data_dir, cfg):
    files = [data_dir + "/table-%d.csv" % i for i in range(3)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=cfg.shuffle)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    return generate_batch(tf.stack([tf.cast(a, tf.float32), b]), label, cfg)


def main(data_dir):
    cfg = Config(shuffle=False, batchsize=16, min_queue_num=10, reader_thread=1)
    Xs, Ys = load(data_dir, cfg)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([Xs, Ys])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
