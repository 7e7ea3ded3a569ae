import os

import tensorflow as tf

tf = tf.compat.v1


def main(data_dir):
    folder = os.path.join(data_dir, "h47_race_marks")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "course.txt")
    with open(path, "w") as f:
        for i, m in enumerate(["start", "windward", "offset", "gybe", "leeward", "gate_s",
                               "gate_p", "windward2", "leeward2", "finish"]):
            f.write("%s %d\n" % (m, 1 + (i * 7) % 10))

    fifo_q = tf.FIFOQueue(
        capacity=10,
        dtypes=[tf.string, tf.string],
        shapes=[[], []])

    sess = tf.Session()

    l = [line.split()[0] for line in open(path)]
    r = [line.split()[1] for line in open(path)]
    x = tf.constant(l)
    y = tf.constant(r)

    eq = fifo_q.enqueue_many([x, y])
    dq1, dq2 = fifo_q.dequeue()
    sess.run(eq)

    batches = []
    for x in range(5):
        dq1_val, dq2_val = sess.run([dq1, dq2])
        # print('dq1:', dq1_val)
        # print('dq2:', dq2_val)
        batches.append([[dq1_val.decode()], [dq2_val.decode()]])
    return {"batches": batches, "end": "marks rounded: %d" % len(batches)}
