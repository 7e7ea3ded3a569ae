import tensorflow as tf
from lane38_lib.record import read_data


def get_shuffle_batch(batch=64):
    return tf.compat.v1.train.shuffle_batch([*read_data()], batch, 40, 6)

def get_batch(batch=64):
    return tf.compat.v1.train.batch([*read_data()], batch, capacity=40)

def create_lane_holder(image, variables, steering, pixel_shift=1, steering_shift=0.2):
    # three views per frame (left / centre / right) with a corrected angle; not used by the reader test
    new_width = int(image.get_shape()[0])-2*pixel_shift
    image = tf.stack([
        tf.slice(image, [pixel_shift,0,0], [new_width, -1, -1]),
        tf.slice(image, [2*pixel_shift,0,0], [new_width, -1, -1]),
        tf.slice(image, [0,0,0], [new_width, -1, -1])
    ])
    variables = tf.stack([variables, variables, variables])
    st_const = tf.constant([steering_shift, 0.0, -steering_shift])
    return image, variables, steering + st_const
