import tensorflow.compat.v1 as tf

_FEATURES = {
    'item/name': tf.FixedLenFeature((), tf.string, default_value=''),
    'item/weight': tf.FixedLenFeature((), tf.float32, default_value=0.0),
    'item/grade': tf.FixedLenFeature((), tf.int64, default_value=-1),
}


class ExampleDecoder(object):
    """A tensor-dict decoder (object detection's shape)."""

    def decode(self, serialized):
        parsed = tf.parse_single_example(serialized, _FEATURES)
        return {'name': parsed['item/name'], 'weight': parsed['item/weight'] * 2.0,
                'grade': parsed['item/grade']}


def read_dataset(file_read_func, decode_func, input_files, num_epochs=1):
    filename_queue = tf.train.string_input_producer(input_files, num_epochs=num_epochs, shuffle=False)
    _, string_tensor = file_read_func().read(filename_queue)
    return decode_func(string_tensor)


def parse_line(reader, filename_queue):
    _, line = reader.read(filename_queue)
    station, level = tf.decode_csv(line, record_defaults=[[''], [0]])
    return station, level + 1000
