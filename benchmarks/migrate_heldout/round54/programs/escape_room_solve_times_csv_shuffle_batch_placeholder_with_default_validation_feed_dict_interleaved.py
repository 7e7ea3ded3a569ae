import os

import numpy as np
import tensorflow as tf

BATCH_SIZE_TRAIN = 4
BATCH_SIZE_VAL = 2


def get_training_batch(csv_path, batch_size):
    ''' training data pipeline '''
    filename_queue = tf.compat.v1.train.string_input_producer([csv_path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    team, players, clues, minutes = tf.compat.v1.decode_csv(line, [[0], [0.0], [0.0], [0.0]])
    features = tf.stack([players, clues])
    label = minutes
    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * batch_size
    teams, features, labels = tf.compat.v1.train.shuffle_batch(
        [team, features, label], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, seed=54)
    return teams, features, labels


def main(data_dir):
    out = os.path.join(data_dir, "h54_escape_solves")
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(4554)
    for name, n, base in [("train.csv", 12, 0), ("val.csv", 4, 500)]:
        with open(os.path.join(out, name), "w") as f:
            f.write("team,players,clues,minutes\n")
            for i in range(n):
                f.write("%d,%d,%d,%.1f\n" % (base + i, rng.randint(2, 7), rng.randint(0, 5),
                                             rng.randint(300, 600) / 10.0))
    val = np.loadtxt(os.path.join(out, "val.csv"), delimiter=",", skiprows=1)

    # define the graph
    teams_train, features_train, labels_train = get_training_batch(os.path.join(out, "train.csv"), BATCH_SIZE_TRAIN)
    team_batch = tf.compat.v1.placeholder_with_default(teams_train, shape=None)
    feature_batch = tf.compat.v1.placeholder_with_default(features_train, shape=None)
    label_batch = tf.compat.v1.placeholder_with_default(labels_train, shape=None)
    minutes_per_player = tf.divide(label_batch, feature_batch[:, 0])
    new_labels = tf.multiply(label_batch, -1)

    batches = []
    # start a session
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

        step = 0
        try:
            while not coord.should_stop():
                # typical training step where batch data are drawn from the training queue
                t, mpp, nl = sess.run([team_batch, minutes_per_player, new_labels])
                batches.append([t.tolist(), np.round(mpp.astype(np.float64), 4).tolist(),
                                np.round(nl.astype(np.float64), 4).tolist()])
                if step % 2 == 0:
                    # typical validation step where batch data are supplied through feed_dict
                    rows = val[(step // 2) * BATCH_SIZE_VAL:(step // 2 + 1) * BATCH_SIZE_VAL]
                    t, mpp, nl = sess.run([team_batch, minutes_per_player, new_labels],
                                          feed_dict={team_batch: rows[:, 0].astype(np.int32),
                                                     feature_batch: rows[:, 1:3],
                                                     label_batch: rows[:, 3]})
                    batches.append([t.tolist(), np.round(mpp.astype(np.float64), 4).tolist(),
                                    np.round(nl.astype(np.float64), 4).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "solve rows: %d" % sum(len(b[0]) for b in batches)}
