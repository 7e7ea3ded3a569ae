"""Calendar features from ISO timestamps ("2024-03-05T17:00")."""
import tensorflow.compat.v1 as tf


def add_calendar(reading):
    timestamp = reading["timestamp"]
    day = tf.strings.to_number(tf.strings.substr(timestamp, 8, 2), out_type=tf.int32)
    hour = tf.strings.to_number(tf.strings.substr(timestamp, 11, 2), out_type=tf.int32)
    reading["hour"] = hour
    reading["peak"] = tf.cast(tf.logical_and(hour >= 17, hour < 21), tf.int32)
    reading["weekday"] = tf.math.floormod(day + 4, 7)
    return reading
