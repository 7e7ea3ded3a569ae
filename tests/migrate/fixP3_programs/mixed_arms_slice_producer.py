"""An ``if``/``else`` choosing the stages: lambdas in one branch, one-``return`` defs in the other; the producer a
``slice_input_producer`` over in-memory lists; the evaluation branch taken (unshuffled, one epoch, one thread)."""
import numpy as np
import tensorflow.compat.v1 as v1

WIDTH = 2


def pairs(features, labels, size, training):
    if training:
        producer = lambda: v1.train.slice_input_producer([features, labels], shuffle=True)
        squash = lambda x: v1.tanh(x)

        def collect(x, y):
            return v1.train.shuffle_batch([x, y], batch_size=size, capacity=40, min_after_dequeue=10, num_threads=2)
    else:
        def producer():
            return v1.train.slice_input_producer([features, labels], num_epochs=1, shuffle=False)
        squash = lambda x: v1.identity(x)
        collect = lambda x, y: v1.train.batch([x, y], batch_size=size, num_threads=1,
                                              allow_smaller_final_batch=True)
    row, label = producer()
    row = squash(row) * 2.0 + 1.0
    return collect(row, label)


def main(data_dir):
    feats = np.arange(22, dtype=np.float32).reshape(11, WIDTH) / 10.0
    labels = np.arange(11, dtype=np.int64) % 3
    x, y = pairs(feats, labels, 3, training=False)
    out = []
    with v1.Session() as sess:
        sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, y])
                out.append([np.round(a, 5).tolist(), b.tolist()])
        except v1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
