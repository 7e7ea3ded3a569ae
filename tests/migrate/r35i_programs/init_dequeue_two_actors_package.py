"""Two actor threads, each feeding its own file, through a queue class of a package whose `__init__` makes the
batch (`self.sample = self.queue.dequeue_many(n)`); a closer thread closes the queue after both."""
import os

from tensorflow.compat.v1 import Session, errors

from r35i_lib.fifo import ActorQueue


def main(data_dir):
    files = []
    for k in range(2):
        files.append(os.path.join(data_dir, "r35i_actor_%d.csv" % k))
        with open(files[-1], "w") as f:
            for i in range(6):
                f.write("%d,%d,%d\n" % (k * 100 + i, i, k))
    queue = ActorQueue(files, 3)
    sess = Session()
    threads = queue.start_actors(sess)
    rows = []
    try:
        while True:
            obs, act = sess.run(queue.sample)
            rows += [o + [a] for o, a in zip(obs.tolist(), act.tolist())]
    except errors.OutOfRangeError:
        pass
    for t in threads:
        t.join()
    sess.close()
    return {"batches": [[r] for r in rows], "end": "rows: %d" % len(rows)}
