"""A recommender's Estimator-style input_fn over interaction CSVs (decode_csv select_cols), returning
(features, labels), consumed by a MonitoredTrainingSession loop with a global step."""
import os

import tensorflow.compat.v1 as tf

CSV_COLUMNS = ["user_id", "item_id", "timestamp", "rating"]
SELECT = [0, 1, 3]
DEFAULTS = [[0], [0], [0.0]]


def write_csvs(root):
    os.makedirs(root, exist_ok=True)
    files = []
    for part in range(2):
        path = os.path.join(root, "interactions-%d.csv" % part)
        with open(path, "w") as f:
            for i in range(8):
                r = part * 8 + i
                f.write("%d,%d,%d,%.1f\n" % (r % 5, 100 + r, 1500000000 + r, (r % 5) + 0.5))
        files.append(path)
    return files


def input_fn(filenames, batch_size=4, num_epochs=None, shuffle=True):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=shuffle)
    reader = tf.TextLineReader()
    _, rows = reader.read(filename_queue)
    user, item, rating = tf.decode_csv(rows, record_defaults=DEFAULTS, select_cols=SELECT)
    features = {"user_id": user, "item_id": item}
    batched = tf.train.shuffle_batch(dict(features, rating=rating), batch_size=batch_size, capacity=32,
                                     min_after_dequeue=8, num_threads=2)
    labels = batched.pop("rating")
    return batched, labels


def model_fn(features, labels):
    emb = tf.get_variable("user_bias", [5], initializer=tf.zeros_initializer())
    pred = tf.gather(emb, features["user_id"])
    loss = tf.reduce_mean(tf.square(pred - labels))
    step = tf.train.get_or_create_global_step()
    return loss, tf.assign_add(step, 1)


def main(data_dir):
    files = write_csvs(os.path.join(data_dir, "h27_recsys_select_cols_input_fn_monitored_training"))
    features, labels = input_fn(files, num_epochs=1)
    loss, train_op = model_fn(features, labels)
    batches = []
    with tf.train.MonitoredTrainingSession(save_checkpoint_secs=None, save_summaries_steps=None,
                                           log_step_count_steps=None) as mon_sess:
        while not mon_sess.should_stop():
            f, l, _ = mon_sess.run([features, labels, train_op])
            batches.append({"user_id": f["user_id"].tolist(), "item_id": f["item_id"].tolist(),
                            "rating": l.tolist()})
    return {"batches": batches, "end": "should_stop after %d" % len(batches)}
