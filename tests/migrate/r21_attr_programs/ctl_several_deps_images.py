"""Side-by-side PNG halves (pix2pix): `tf.debugging.assert_rank` and `tf.Assert` under one
`control_dependencies` with two statements; `from tensorflow.compat import v1` import style; halves split by
width; a Supervisor-free session over a known step count."""

import os

from tensorflow.compat import v1 as tf1


def main(data_dir):
    paths = sorted(os.path.join(data_dir, "image-%d.png" % i) for i in range(6))
    queue = tf1.train.string_input_producer(paths, shuffle=False)
    _, contents = tf1.WholeFileReader().read(queue)
    raw = tf1.image.convert_image_dtype(tf1.image.decode_png(contents), dtype=tf1.float32)
    rank_ok = tf1.debugging.assert_rank(raw, 3)
    width = tf1.shape(raw)[1]
    wide_ok = tf1.Assert(width >= 2, [width], name="wide_enough")
    with tf1.control_dependencies([rank_ok, wide_ok]):
        left = tf1.identity(raw[:, : width // 2, :])
        right = tf1.identity(raw[:, width // 2:, :])
    left.set_shape([4, 2, 1])
    right.set_shape([4, 2, 1])
    left_batch, right_batch = tf1.train.batch([left * 2 - 1, right], batch_size=4)
    batches = []
    with tf1.Session() as sess:
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(4):
            l, r = sess.run([left_batch, right_batch])
            batches.append([l.reshape(-1).tolist(), r.reshape(-1).tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": len(batches)}
