import tensorflow.compat.v1 as tf

FEATURES = {
    "ticket": tf.FixedLenFeature([], tf.int64),
    "gate": tf.FixedLenFeature([], tf.string),
    "price": tf.FixedLenFeature([], tf.float32),
}


def read_scan(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, features=FEATURES)
    return [parsed["ticket"], parsed["gate"], parsed["price"]]


def inputs(filenames, batch_size, num_readers=2, num_epochs=1):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    example_list = [read_scan(filename_queue) for _ in range(num_readers)]
    return tf.train.batch_join(example_list, batch_size=batch_size, capacity=4 * batch_size)
