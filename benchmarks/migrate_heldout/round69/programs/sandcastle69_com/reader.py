import tensorflow.compat.v1 as tf





def read_and_decode(filename_queue, shuffle_batch=True):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'data': tf.FixedLenFeature([], tf.string),
            'target': tf.FixedLenFeature([], tf.string)
        }
    )

    data = tf.decode_raw(features['data'], tf.float32)
    data=tf.reshape(data,[4,4,4,2])
    target = tf.decode_raw(features['target'], tf.float32)
    target=tf.reshape(target,[4,4,4,1])

    if shuffle_batch:
        datas, targets = tf.train.shuffle_batch([data, target], batch_size=4, capacity=64,num_threads=8,
                                                min_after_dequeue=16)
    else:
        datas, targets = tf.train.batch([data, target], batch_size=4, capacity=80, num_threads=16)
    return datas,targets
