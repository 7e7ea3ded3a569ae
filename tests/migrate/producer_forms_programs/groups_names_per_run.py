"""A `string_input_producer` read directly, no batch and no reader: one name per run (`tf.read_file` of it, an
inference-style loop) and, from a second producer (shuffled, seed), names in pairs by `dequeue_many(2)`;
`import tensorflow as tf` with `tf.compat.v1` spelled out. The single names in order; the pairs sorted."""

import os

import tensorflow as tf


def main(data_dir):
    files = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    path = queue.dequeue()
    size = tf.strings.length(tf.io.read_file(path))
    pairs = tf.compat.v1.train.string_input_producer(files, num_epochs=2, seed=3).dequeue_many(2)
    singles, grouped, end = [], [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                p, s, two = sess.run([path, size, pairs])
                singles.append([os.path.basename(p.decode()), int(s)])
                grouped.extend(sorted(os.path.basename(x.decode()) for x in two))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [singles, sorted(grouped)], "end": end}
