"""``tf`` names a module of the package (``from r32t_lib import tools as tf``); TensorFlow comes in as
``from tensorflow.compat.v1 import train`` and names: a batch inline, a shuffle batch in a class's method
(a multiset)."""
import os

from tensorflow.compat.v1 import Session, TextLineReader, decode_csv, errors, local_variables_initializer, train

from r32t_lib import tools as tf


def _write(data_dir, name, rows):
    path = os.path.join(data_dir, "r32t_taken_%s.csv" % name)
    with open(path, "w") as out:
        for i in range(rows):
            out.write("%d,%d\n" % (i, 3 * i + 1))
    return path


class Input(object):
    def __init__(self, path):
        self.path = path

    def shuffled(self, size):
        queue = train.string_input_producer([self.path], num_epochs=1)
        _, line = TextLineReader().read(queue)
        x, y = decode_csv(line, record_defaults=[[0], [0]])
        return train.shuffle_batch([x, y], size, capacity=tf.capacity(size), min_after_dequeue=2)


def main(data_dir):
    queue = train.string_input_producer([_write(data_dir, "ordered", 8)], num_epochs=1, shuffle=False)
    _, line = TextLineReader().read(queue)
    x, y = decode_csv(line, record_defaults=[[0], [0]])
    ordered = train.batch([x, y], 2, capacity=tf.capacity(2))
    shuffled = Input(_write(data_dir, "shuffled", 9)).shuffled(3)
    batches, rows = [], []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run(ordered)
                batches.append([a.tolist(), b.tolist()])
        except errors.OutOfRangeError:
            pass
        try:
            while True:
                a, b = sess.run(shuffled)
                rows += [[p, q] for p, q in zip(a.tolist(), b.tolist())]
        except errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    batches.append([sorted(rows)])
    return {"batches": batches, "end": "OutOfRangeError"}
