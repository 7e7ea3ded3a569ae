"""Feature spec of the order-history records (user, recent dish ids, next dish)."""
import tensorflow.compat.v1 as tf

USER_ID = "user_id"
HISTORY = "hist_dish_ids"
TARGET = "next_dish_id"


def feature_spec():
    return {
        USER_ID: tf.FixedLenFeature([], tf.int64),
        HISTORY: tf.VarLenFeature(tf.int64),
        TARGET: tf.FixedLenFeature([], tf.int64),
    }
