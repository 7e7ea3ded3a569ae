"""Arrays chosen by a conditional expression (`x = test_x if eval_data else train_x`) and by an `if` with no
`else` over a default, batched whole with `batch(enqueue_many=True)`; `import tensorflow.compat.v1 as tf`."""
import numpy as np
import tensorflow.compat.v1 as tf

TRAIN = np.arange(24, dtype=np.float32).reshape(12, 2)
TEST = np.arange(100, 116, dtype=np.float32).reshape(8, 2)


def inputs(eval_data, batch_size):
    x = TEST if eval_data else TRAIN
    ids = np.arange(len(x), dtype=np.int64)
    if eval_data:
        ids = np.arange(1000, 1000 + len(x), dtype=np.int64)
    xb, ib = tf.train.batch([x, ids], batch_size=batch_size, enqueue_many=True, capacity=30)
    return xb, ib


def main(data_dir):
    batches = []
    for eval_data, steps in ((True, 5), (False, 4)):
        with tf.Graph().as_default():
            xb, ib = inputs(eval_data, 3)
            with tf.Session() as sess:
                coord = tf.train.Coordinator()
                threads = tf.train.start_queue_runners(sess=sess, coord=coord)
                for _ in range(steps):
                    a, b = sess.run([xb, ib])
                    batches.append([a.tolist(), b.tolist()])
                coord.request_stop()
                coord.join(threads)
    return {"batches": batches, "end": "steps: %d" % len(batches)}
