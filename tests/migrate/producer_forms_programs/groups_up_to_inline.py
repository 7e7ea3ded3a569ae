"""`input_producer` over a table made inline and read with `dequeue_up_to(7)` (no batch call): one epoch in order,
the short last group handed over before the end; `tensorflow.compat.v1 as v1`, a `Coordinator` loop."""

import numpy as np
import tensorflow.compat.v1 as v1


def main(data_dir):
    table = np.loadtxt(data_dir + "/table-0.csv", delimiter=",", skiprows=1, dtype=np.float32)
    rows = v1.train.input_producer(v1.constant(table), num_epochs=1, shuffle=False).dequeue_up_to(7)
    first = rows[:, 0] + rows[:, 2]
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append(sess.run(first).tolist())
        except v1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
