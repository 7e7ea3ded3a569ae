"""In-memory lists pushed by three copies of one enqueue_many op, the runner registered with add_queue_runner and
started by start_queue_runners; a while loop on the coordinator takes single rows."""
import numpy as np
from tensorflow.compat.v1 import FIFOQueue, Session, float32, int64
from tensorflow.compat.v1 import train


def main(data_dir):
    del data_dir
    ids = [3, 1, 4, 1, 5, 9, 2]
    weights = np.linspace(0.0, 1.5, num=7)
    q = FIFOQueue(5, [int64, float32], shapes=[[], []])
    fill = q.enqueue_many([ids, weights])
    runner = train.QueueRunner(q, [fill] * 3)
    train.add_queue_runner(runner)
    row_id, weight = q.dequeue()
    batches = []
    with Session() as sess:
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        while not coord.should_stop():
            i, w = sess.run([row_id, weight])
            batches.append([[int(i)], [round(float(w), 4)]])
            if len(batches) == 17:
                coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % len(batches)}
