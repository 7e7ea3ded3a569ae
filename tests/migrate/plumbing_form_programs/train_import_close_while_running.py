"""``from tensorflow.compat.v1 import train``: ``train.queue_runner.start_queue_runners(sess, coord)``, a fixed
number of steps, then ``sess.close()`` while the runners still run (never joined)."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))
    queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    rows, labels = train.batch([tf.stack([tf.cast(a, tf.float32), b]), label], batch_size=6)
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.queue_runner.start_queue_runners(sess, coord)
    batches = []
    for _ in range(4):
        r, y = sess.run([rows, labels])
        batches.append([r.tolist(), y.tolist()])
    sess.close()
    return {"batches": batches, "end": None}
