import tensorflow.compat.v1 as tf


def data_batcher(data, batch_size, name=None):
    """Cuts the whole series into batch_size rows: [batch_size, batch_len]."""
    with tf.name_scope(name, 'data_batcher', [data]):
        data = tf.convert_to_tensor(data, name='raw_data', dtype=tf.int32)
        batch_len = tf.size(data) // batch_size
        return tf.reshape(data[0: batch_size * batch_len], [batch_size, batch_len])


def data_feeder(data, num_steps, shift=0, name=None):
    """One window of num_steps columns per dequeue, shifted by `shift`."""
    with tf.name_scope(name, 'data_feeder', [data]):
        batch_len = tf.shape(data)[1]
        epoch_size = (batch_len - 1) // num_steps
        epoch_size = tf.identity(epoch_size, name='epoch_size')
        i = tf.train.range_input_producer(epoch_size, shuffle=False).dequeue()
        x = tf.strided_slice(data, [0, i * num_steps + shift],
                             [tf.shape(data)[0], (i + 1) * num_steps + shift])
        x.set_shape([data.get_shape()[0], num_steps])
        return x
