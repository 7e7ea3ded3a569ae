import tensorflow.compat.v1 as tf

READERS = {
    'text': tf.TextLineReader,
    'record': tf.TFRecordReader,
}


def get_reader(name, **kwargs):
    try:
        reader_cls = READERS[name]
    except KeyError:
        raise ValueError('unknown reader %r' % name)
    return reader_cls(**kwargs)


def decode_text(value):
    station, temp, humidity, label = tf.decode_csv(value, [[''], [0.0], [0.0], [0]])
    return {'station': station, 'temp': temp, 'humidity': humidity}, label


def decode_record(value):
    ex = tf.parse_single_example(value, {
        'station': tf.FixedLenFeature([], tf.string),
        'temp': tf.FixedLenFeature([], tf.float32),
        'humidity': tf.FixedLenFeature([], tf.float32),
        'rain_tomorrow': tf.FixedLenFeature([], tf.int64),
    })
    label = tf.cast(ex.pop('rain_tomorrow'), tf.int32)
    return ex, label


DECODERS = {'text': decode_text, 'record': decode_record}
