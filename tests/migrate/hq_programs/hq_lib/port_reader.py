import tensorflow as tf


def parse_port(queue):
    _, value = tf.compat.v1.TextLineReader().read(queue)
    code, minutes = tf.io.decode_csv(value, record_defaults=[[""], [0]])
    return {"code": code, "minutes": minutes + 1}
