"""Wide & deep conversion model input of car-rental search sessions: input_fn + feature columns over queues."""
import os
import random

import tensorflow.compat.v1 as tf

CSV_COLUMNS = ["session_id", "car_class", "pickup_city", "days", "price", "converted"]
CSV_DEFAULTS = [[0], [""], [""], [0.0], [0.0], [0]]
LABEL = "converted"


def build_model_columns():
    car_class = tf.feature_column.categorical_column_with_vocabulary_list(
        "car_class", ["economy", "compact", "suv", "van"])
    city = tf.feature_column.categorical_column_with_vocabulary_list(
        "pickup_city", ["lisbon", "porto", "faro"], num_oov_buckets=1)
    days = tf.feature_column.numeric_column("days")
    price = tf.feature_column.numeric_column("price")
    wide = [car_class, city]
    deep = [days, price, tf.feature_column.indicator_column(car_class),
            tf.feature_column.indicator_column(city)]
    return wide, deep


def input_fn(data_file, num_epochs, shuffle, batch_size):
    def parse_csv(rows):
        columns = tf.decode_csv(rows, record_defaults=CSV_DEFAULTS)
        features = dict(zip(CSV_COLUMNS, columns))
        labels = features.pop(LABEL)
        return features, labels

    filename_queue = tf.train.string_input_producer([data_file], num_epochs=num_epochs, shuffle=False)
    _, rows = tf.TextLineReader().read_up_to(filename_queue, num_records=4)
    features, labels = parse_csv(rows)
    features["label"] = labels
    if shuffle:
        batched = tf.train.shuffle_batch(features, batch_size=batch_size, capacity=40, min_after_dequeue=8,
                                         enqueue_many=True, seed=607)
    else:
        batched = tf.train.batch(features, batch_size=batch_size, enqueue_many=True)
    labels = batched.pop("label")
    return batched, labels


def main(data_dir):
    folder = os.path.join(data_dir, "h60_car_rental_conversions")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "sessions.csv")
    rng = random.Random(607)
    with open(path, "w") as f:
        for i in range(16):
            f.write("%d,%s,%s,%d,%.1f,%d\n" % (
                i, rng.choice(["economy", "compact", "suv", "van"]), rng.choice(["lisbon", "porto", "faro", "braga"]),
                rng.randint(1, 14), rng.randint(20, 90) * 1.5, rng.randint(0, 1)))
    features, labels = input_fn(path, num_epochs=1, shuffle=True, batch_size=4)
    wide_columns, deep_columns = build_model_columns()
    deep_input = tf.feature_column.input_layer(features, deep_columns)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer(), tf.tables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                sid, x, y = sess.run([features["session_id"], deep_input, labels])
                batches.append([sid.tolist(), x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "search sessions: %d" % sum(len(b[0]) for b in batches)}
