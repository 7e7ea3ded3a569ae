"""Per-task label lists written and read back in numpy; the tasks a module-level tuple."""
import os

TASKS = ("age", "gender", "smile")


def write_faces(root, n=7):
    import numpy as np
    import tensorflow as tf

    os.makedirs(root, exist_ok=True)
    names = [os.path.join(root, "face_%02d.png" % i) for i in range(n)]
    with tf.Graph().as_default():
        ph = tf.compat.v1.placeholder(tf.uint8, [3, 3, 1])
        enc = tf.image.encode_png(ph)
        with tf.compat.v1.Session() as sess:
            for i, name in enumerate(names):
                with open(name, "wb") as f:
                    f.write(sess.run(enc, {ph: np.full((3, 3, 1), 30 * i, np.uint8)}))
    labels = {task: [(i * (t + 2)) % (5 if task == "age" else 2) for i in range(n)] for t, task in enumerate(TASKS)}
    return names, labels
