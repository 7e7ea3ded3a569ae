import tensorflow.compat.v1 as tf

from io28_lib import readers


def make_input_fn(config):
    """Returns an Estimator-style input_fn for `config` (no arguments, returns (features, labels))."""

    def input_fn():
        files = tf.gfile.Glob(config.file_pattern)
        filename_queue = tf.train.string_input_producer(sorted(files), num_epochs=config.num_epochs,
                                                        shuffle=False)
        kwargs = {'skip_header_lines': 1} if config.reader == 'text' else {}
        reader = readers.get_reader(config.reader, **kwargs)
        _, value = reader.read(filename_queue)
        features, label = readers.DECODERS[config.reader](value)
        features['label'] = label
        batch = tf.train.batch(features, batch_size=config.batch_size, allow_smaller_final_batch=True)
        labels = batch.pop('label')
        return batch, labels

    return input_fn
