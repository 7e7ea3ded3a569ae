"""One module importing ``from tensorflow.compat.v1.train import batch, string_input_producer`` and the rest by
name: no module alias of ``tensorflow.compat.v1`` at all; two callers of a batch helper, in order."""
import os

from tensorflow.compat.v1 import Session, TextLineReader, decode_csv, errors, local_variables_initializer
from tensorflow.compat.v1.train import Coordinator, batch, start_queue_runners, string_input_producer


def _write(data_dir, name, rows):
    path = os.path.join(data_dir, "r32t_main_%s.csv" % name)
    with open(path, "w") as out:
        for i in range(rows):
            out.write("%d,%d\n" % (i, i * i))
    return path


def batched(x, y, size):
    return batch([x, y], size, capacity=10)


def read(path, size):
    queue = string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = TextLineReader().read(queue)
    x, y = decode_csv(line, record_defaults=[[0], [0]])
    return batched(x, y, size)


def main(data_dir):
    first = read(_write(data_dir, "a", 6), 2)
    second = read(_write(data_dir, "b", 9), 3)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = Coordinator()
        threads = start_queue_runners(sess=sess, coord=coord)
        for tensors in (first, second):
            try:
                while True:
                    x, y = sess.run(tensors)
                    batches.append([x.tolist(), y.tolist()])
            except errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
