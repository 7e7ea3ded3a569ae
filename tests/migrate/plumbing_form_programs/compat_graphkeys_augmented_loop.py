"""``import tensorflow as tf``: ``for qr in tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.QUEUE_RUNNERS):
threads += qr.create_threads(sess, coord=coord, daemon=True, start=True)``, joined one by one."""
import tensorflow as tf

v1 = tf.compat.v1


def main(data_dir):
    files = sorted(tf.io.gfile.glob(data_dir + "/table-*.csv"))
    queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = v1.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.io.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    xs, ys = v1.train.batch([b, label], batch_size=10, allow_smaller_final_batch=True)
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = []
        for qr in v1.get_collection(v1.GraphKeys.QUEUE_RUNNERS):
            threads += qr.create_threads(sess, coord=coord, daemon=True, start=True)
        try:
            while not coord.should_stop():
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        for t in threads:
            t.join()
    return {"batches": batches, "end": end}
