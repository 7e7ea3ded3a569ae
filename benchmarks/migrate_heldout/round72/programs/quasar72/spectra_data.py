import tensorflow.compat.v1 as tf

LABELS = ['labels', 'feature']
TRAIN_FILE = "spectra_data_zlib.tfrecord"
TEST_FILE = "spectra_data_test_zlib.tfrecord"
NUM_BINS = 5


def _parse_function(example_proto):
    features = {"feature": tf.FixedLenFeature([], tf.string, default_value=""),
                "label": tf.FixedLenFeature([], tf.int64, default_value=0)}
    parse_features = tf.parse_single_example(example_proto, features)
    feature = parse_features["feature"]
    feature = tf.reshape(feature, [-1])
    feature = tf.string_split(feature, ',').values
    feature = tf.string_to_number(feature)
    feature = tf.reshape(feature, [NUM_BINS])

    return {'feature': feature}, parse_features["label"]


def load_data(data_file, num_epochs=None):

    filename_queue = tf.train.string_input_producer([data_file], num_epochs=num_epochs, shuffle=False)
    options = tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.ZLIB)
    reader = tf.TFRecordReader(options=options)
    _, example_proto = reader.read(filename_queue)
    feature, label = _parse_function(example_proto)

    return feature, label


def train_input_fn(dataset, batch_size):

    feature, label = dataset
    feature['label'] = label
    feature_batch = tf.train.batch(feature, batch_size=batch_size)
    label_batch = feature_batch.pop('label')

    return feature_batch, label_batch


def eval_input_fn(dataset, batch_size):

    feature, label = dataset
    feature['label'] = label
    feature_batch = tf.train.batch(feature, batch_size=batch_size,
                                   allow_smaller_final_batch=True)
    label_batch = feature_batch.pop('label')

    return feature_batch, label_batch
