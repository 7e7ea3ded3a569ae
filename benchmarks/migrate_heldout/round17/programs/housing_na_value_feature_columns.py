"""House prices (Kaggle-style CSV with "NA" holes): `decode_csv(na_value="NA")` fills the defaults, the columns
are batched as a dict and turned into a dense input after the batch by `feature_column.input_layer`."""

import os

import tensorflow as tf

COLUMNS = ["lot_area", "year_built", "garage_cars", "rooms", "price"]
DEFAULTS = [[0.0], [1970.0], [-1.0], [4.0], [0.0]]


def write_table(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "houses.csv")
    with open(path, "w") as f:
        f.write(",".join(COLUMNS) + "\n")
        for i in range(37):
            garage = "NA" if i % 4 == 0 else str(i % 3)
            year = "NA" if i % 7 == 3 else str(1950 + 2 * i)
            f.write("%d,%s,%s,%d,%d\n" % (8000 + 125 * i, year, garage, 3 + i % 5, 100000 + 2500 * i))
    return path


def feature_columns():
    year = tf.feature_column.numeric_column("year_built")
    return [
        tf.feature_column.numeric_column("lot_area", normalizer_fn=lambda x: x / 1000.0),
        tf.feature_column.bucketized_column(year, boundaries=[1960.0, 1980.0, 2000.0]),
        tf.feature_column.numeric_column("garage_cars"),
        tf.feature_column.numeric_column("rooms"),
    ]


def read_houses(path, batch_size):
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, row = reader.read(queue)
    values = tf.io.decode_csv(row, record_defaults=DEFAULTS, na_value="NA")
    houses = dict(zip(COLUMNS, values))
    houses["missing_garage"] = tf.cast(tf.equal(houses["garage_cars"], -1.0), tf.int32)
    return tf.compat.v1.train.batch(houses, batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    path = write_table(os.path.join(data_dir, "h17_housing_na_value_feature_columns"))
    features = read_houses(path, batch_size=8)
    price = features.pop("price")
    missing = features.pop("missing_garage")
    dense = tf.compat.v1.feature_column.input_layer(features, feature_columns())
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y, m = sess.run([dense, price, missing])
                batches.append([x.tolist(), y.tolist(), m.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
