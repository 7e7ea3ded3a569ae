"""A second caller of the CSV helper: ``from tensorflow.compat import v1``, the helper's module imported."""
import os

from tensorflow.compat import v1 as tf1

from r51q_lib import lines


class Loader(object):
    def __init__(self, files):
        self.files = files

    def build(self):
        producer = tf1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        return lines.read_lines(producer, 2)


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_lines2')
    os.makedirs(root, exist_ok=True)
    files = []
    for k in range(2):
        files.append(os.path.join(root, 'part%d.csv' % k))
        with open(files[-1], 'w') as f:
            f.write('a,b\n')
            for i in range(4):
                f.write('%d,%.2f\n' % (100 * k + i, i * 0.5))
    a, b = Loader(files).build()
    batches = []
    sess = tf1.Session()
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            x, y = sess.run([a, b])
            batches.append([x.tolist(), y.tolist()])
    except tf1.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
