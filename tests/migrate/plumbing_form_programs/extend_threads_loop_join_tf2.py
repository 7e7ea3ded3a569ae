"""``import tensorflow as tf`` with eager execution disabled; ``threads.extend(start_queue_runners(...))`` and
the threads joined one by one (``for t in threads: t.join()``); CSV lines."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()


def read_table(data_dir):
    files = sorted(tf.io.gfile.glob(data_dir + "/table-*.csv"))
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.compat.v1.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.io.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return tf.compat.v1.train.batch([tf.stack([tf.cast(a, tf.float32), b]), label], batch_size=8,
                                    allow_smaller_final_batch=True)


def main(data_dir):
    xs, ys = read_table(data_dir)
    batches, end = [], None
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = []
    threads.extend(tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord))
    try:
        while True:
            x, y = sess.run([xs, ys])
            batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": end}
