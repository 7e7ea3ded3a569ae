"""The trainer shape from a package: read_up_to groups (files of 7 and 6 rows, each with a header, groups of 3)
re-batched by 4 with enqueue_many, no shuffle: the short last batch kept, rows in order."""
import os

import tensorflow.compat.v1 as tf

import r40r_lib.pipeline as ip


def write(path, count, start):
    with open(path, "w") as f:
        f.write("label,a,b,c,d\n")
        for i in range(count):
            k = start + i
            f.write("%d,%d,%d,%d,%d\n" % (k % 3, k, k * 2, k + 7, k % 5))
    return path


def main(data_dir):
    out = os.path.join(data_dir, "r40r_order")
    os.makedirs(out, exist_ok=True)
    files = [write(os.path.join(out, "a.csv"), 7, 0), write(os.path.join(out, "b.csv"), 6, 100)]
    features, labels = ip.input_pipeline(files, num_epochs=1, batch_size=3, shuffle=False)
    # (batch_size names both the read count and the batch: 3 here)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                batches.append([f.reshape(len(f), -1).tolist(), l.argmax(axis=1).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
