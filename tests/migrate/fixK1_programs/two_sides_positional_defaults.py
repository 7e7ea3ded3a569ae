"""Two sides in one module, a wrapper with positional options and literal defaults (no ``**kwargs``), returning
a tuple; the caller unpacks it and batches the pair."""
import os

import tensorflow.compat.v1 as tf


def read_side(files, epochs, shuffle=False):
    q = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=shuffle)
    _, v = tf.TextLineReader().read(q)
    return v


def read_pair(src_files, tgt_files, epochs=1):
    s = read_side(src_files, epochs)
    t = read_side(tgt_files, epochs)
    return tf.strings.length(s), t


def main(data_dir):
    folder = os.path.join(data_dir, "k1_two")
    os.makedirs(folder, exist_ok=True)
    files = []
    for name, n in (("src", 5), ("tgt", 5)):
        files.append(os.path.join(folder, name + ".txt"))
        with open(files[-1], "w") as f:
            f.write("\n".join("%s line %d" % (name, i) * (1 + i % 2) for i in range(n)) + "\n")
    n, t = read_pair([files[0]], [files[1]])
    ns, ts = tf.train.batch([n, t], 2, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([ns, ts])
                out.append([a.tolist(), [x.decode() for x in b]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": str(out), "end": end}
