import tensorflow.compat.v1 as tf

from clicks29_lib.features import read_session


def batched_sessions(filenames, batch_size):
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)
    features = read_session(filename_queue)
    # the VarLen feature is a SparseTensor: train.batch batches it as one
    return tf.train.batch(features, batch_size=batch_size, capacity=4 * batch_size)


def make_train_op(features):
    global_step = tf.train.get_or_create_global_step()
    items = tf.sparse_tensor_to_dense(features['clicked_items'])
    n_clicks = tf.sparse_reduce_sum(tf.SparseTensor(features['clicked_items'].indices,
                                                   tf.ones_like(features['clicked_items'].values),
                                                   features['clicked_items'].dense_shape), axis=1)
    train_op = tf.assign_add(global_step, 1)
    return items, n_clicks, train_op
