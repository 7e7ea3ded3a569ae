"""Recommendation CSV reader (wide & deep era): one TextLineReader per input shard, made in a loop, their parsed
rows joined with shuffle_batch_join into dict batches; the sizes come from a FLAGS-like object."""

import glob
import os

import tensorflow as tf

CSV_COLUMNS = ["user_id", "item_score", "rating"]
CSV_DEFAULTS = [[0], [0.0], [0]]
LABEL_COLUMN = "rating"


class FLAGS(object):
    batch_size = 32
    num_readers = 3
    num_epochs = 2
    min_after_dequeue = 40


def parse_csv(value):
    columns = tf.compat.v1.decode_csv(value, record_defaults=CSV_DEFAULTS)
    features = dict(zip(CSV_COLUMNS, columns))
    features["user_bucket"] = tf.compat.v1.mod(features["user_id"], 10)
    return features


def read_dataset(data_dir, flags):
    files = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=flags.num_epochs, shuffle=True,
                                                             seed=3)
    examples_list = []
    for _ in range(flags.num_readers):
        reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
        _, value = reader.read(filename_queue)
        examples_list.append(parse_csv(value))
    capacity = flags.min_after_dequeue + 3 * flags.batch_size
    return tf.compat.v1.train.shuffle_batch_join(
        examples_list, batch_size=flags.batch_size, capacity=capacity,
        min_after_dequeue=flags.min_after_dequeue, allow_smaller_final_batch=True)


def main(data_dir):
    features = read_dataset(data_dir, FLAGS)
    label = features.pop(LABEL_COLUMN)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    end = None
    try:
        while True:
            feature_values, label_values = sess.run([features, label])
            batch = {k: v.tolist() for k, v in feature_values.items()}
            batch["label"] = label_values.tolist()
            batches.append(batch)
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
