import os


def write_lines(data_dir, name, prefix, n=6):
    d = os.path.join(data_dir, "fixK1b")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, name)
    with open(path, "w") as f:
        f.write("\n".join("%s%d" % (prefix, i) for i in range(n)) + "\n")
    return path


def drain(tf, fetch):
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while True:
                got = sess.run(fetch)
                out.append([x.decode() if isinstance(x, bytes) else int(x) for x in got])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
