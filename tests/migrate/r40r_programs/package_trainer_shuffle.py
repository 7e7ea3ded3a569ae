"""The package's trainer pipeline shuffled (enqueue_many into shuffle_batch), two epochs of 6 rows: 12 rows in
batches of 3, each row of each epoch once."""
import os

import tensorflow.compat.v1 as tf

from r40r_lib import pipeline


def main(data_dir):
    out = os.path.join(data_dir, "r40r_shuffle")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "rows.csv")
    with open(path, "w") as f:
        f.write("label,a,b,c,d\n")
        for k in range(6):
            f.write("%d,%d,%d,%d,%d\n" % (k % 3, k, -k, k * k, 9))
    features, labels = pipeline.input_pipeline([path], num_epochs=2, batch_size=3, shuffle=True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([f.reshape(len(f), -1).tolist(), l.argmax(axis=1).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
