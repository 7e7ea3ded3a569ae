import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def load_dataset(data_dir):
    d = np.load(os.path.join(data_dir, 'varnish.npz'))
    return d['train_coats'], d['train_labels'], d['test_coats'], d['test_labels']


def distorted_inputs(data_dir, batch_size):
    train_data, train_labels, _, _ = load_dataset(data_dir)
    train_labels = np.asarray(train_labels, dtype=np.int32)
    coats, label_batch = tf1.train.shuffle_batch( \
            [train_data, train_labels],
            batch_size=batch_size,
            num_threads=4,
            capacity=40+3*batch_size,
            min_after_dequeue=40,
            enqueue_many=True)
    return tf.reshape(coats, [batch_size, 3, 2]), \
            tf.reshape(label_batch, [batch_size])


def inputs(eval_data, data_dir, batch_size):
    train_data, train_labels, test_data, test_labels = load_dataset(data_dir)
    if eval_data:
        data, labels = test_data, np.asarray(test_labels, dtype=np.int32)
    else:
        data, labels = train_data, np.asarray(train_labels, dtype=np.int32)
    coats, label_batch = tf1.train.batch( \
            [data, labels],
            batch_size=batch_size,
            num_threads=1,
            capacity=20+3*batch_size,
            enqueue_many=True)
    return tf.reshape(coats, [batch_size, 3, 2]), \
            tf.reshape(label_batch, [batch_size])


def main(data_dir):
    out = os.path.join(data_dir, 'h55_varnish')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(55)
    # per coat: thickness (um) and gloss units, three coats per instrument
    np.savez(os.path.join(out, 'varnish.npz'),
             train_coats=np.round(rng.uniform(5, 60, size=(20, 6)), 1).astype(np.float32),
             train_labels=rng.randint(0, 2, size=20),
             test_coats=np.round(rng.uniform(5, 60, size=(10, 6)), 1).astype(np.float32),
             test_labels=np.arange(10) % 3)

    coats, labels = inputs(eval_data=True, data_dir=out, batch_size=4)
    total = tf.reduce_sum(coats[:, :, 0], axis=1)
    batches = []
    with tf1.Session() as sess:
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(3):
            c, l, t = sess.run([coats, labels, total])
            batches.append([c.astype(np.float64).round(1).tolist(), l.tolist(), np.round(t.astype(np.float64), 1).tolist()])
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return {"batches": batches, "end": "eval batches: %d" % len(batches)}
