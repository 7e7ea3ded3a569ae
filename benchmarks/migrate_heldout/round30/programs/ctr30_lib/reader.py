import tensorflow.compat.v1 as tf

from ctr30_lib.config import CSV_COLUMNS, CSV_DEFAULTS, FLAGS


def parse_csv(value):
    columns = tf.decode_csv(value, record_defaults=CSV_DEFAULTS, field_delim="\t")
    features = dict(zip(CSV_COLUMNS, columns))
    label = features.pop("clicked")
    dense = tf.log1p(tf.cast(tf.stack([features.pop(k) for k in ("I1", "I2", "I3")]), tf.float32))
    sparse = tf.stack([tf.string_to_hash_bucket_fast(features.pop(k), FLAGS.hash_buckets) for k in ("C1", "C2")])
    return {"dense": dense, "cat_ids": sparse}, label
