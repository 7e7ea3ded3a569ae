"""Model training with a queue fed by the harvest reader, with the held-out oysters fed by placeholders into the same queue."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH = 4


def write_harvests(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(651)
    train_path = os.path.join(folder, "harvest_train.csv")
    with open(train_path, "w") as f:
        for i in range(12):
            f.write("%d,%.2f,%.3f\n" % (i, rng.uniform(6.0, 11.0), rng.uniform(0.2, 0.95)))
    valid = np.stack([np.arange(100, 104), rng.uniform(6.0, 11.0, 4).round(2), rng.uniform(0.2, 0.95, 4).round(3)], 1)
    np.save(os.path.join(folder, "harvest_valid.npy"), valid.astype(np.float32))
    return train_path, os.path.join(folder, "harvest_valid.npy")


def main(data_dir):
    train_path, valid_path = write_harvests(os.path.join(data_dir, "h65_pearl_harvests"))

    queue = tf.FIFOQueue(capacity=40, dtypes=[tf.int32, tf.float32, tf.int32], shapes=[[], [2], []],
                         name="oyster_queue")

    # training side: reader -> queue, one runner thread
    filename_queue = tf.train.string_input_producer([train_path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    oyster, diameter_mm, luster = tf.decode_csv(line, record_defaults=[[0], [0.0], [0.0]])
    train_enqueue = queue.enqueue([oyster, tf.stack([diameter_mm / 10.0, luster]), tf.constant(0)])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [train_enqueue]))

    # validation side: numpy -> placeholders -> the same queue
    valid_ids = tf.placeholder(tf.int32, [None])
    valid_feats = tf.placeholder(tf.float32, [None, 2])
    valid_enqueue = queue.enqueue_many([valid_ids, valid_feats / tf.constant([10.0, 1.0]),
                                        tf.ones_like(valid_ids)])

    ids, feats, is_valid = queue.dequeue_many(BATCH)
    grade = tf.reduce_sum(feats * tf.constant([0.6, 0.4]), axis=1)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        valid = np.load(valid_path)
        # the held-out oysters go in first, before the reader starts
        sess.run(valid_enqueue, feed_dict={valid_ids: valid[:, 0].astype(np.int32), valid_feats: valid[:, 1:]})
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, f, v, g = sess.run([ids, feats, is_valid, grade])
                batches.append([i.tolist(), np.round(f, 4).tolist(), v.tolist(), np.round(g, 4).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "oysters: %d" % sum(len(b[0]) for b in batches)}
