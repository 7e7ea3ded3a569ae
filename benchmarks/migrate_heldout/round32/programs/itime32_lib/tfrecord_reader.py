import tensorflow as tf


def get_data(filename, conf):
    # first construct a queue containing a list of filenames.
    filename_queue = tf.compat.v1.train.string_input_producer([filename], num_epochs=conf.num_epochs,
                                                              shuffle=False)
    # Unlike the TFRecordWriter, the TFRecordReader is symbolic
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    # The serialized example is converted back to actual values.
    features = tf.io.parse_single_example(
        serialized_example,
        features={
            'len': tf.io.VarLenFeature(tf.int64),
            'user': tf.io.VarLenFeature(tf.int64),
            'item_list': tf.io.VarLenFeature(tf.int64)
        })
    # now return the converted data
    _l = tf.squeeze(tf.compat.v1.to_int32(tf.sparse.to_dense(features['len'])))
    _user = tf.squeeze(tf.compat.v1.to_int32(tf.sparse.to_dense(features['user'])))
    _item_list = tf.compat.v1.to_int32(tf.sparse.to_dense(features['item_list']))
    _l.set_shape([])
    _user.set_shape([])
    return _l, _user, _item_list


def get_batch(filename, conf):
    l, user, item_list = get_data(filename, conf)
    return tf.compat.v1.train.batch([l, user, item_list], batch_size=conf.batch_size, dynamic_pad=True,
                                    allow_smaller_final_batch=True, capacity=4 * conf.batch_size)
