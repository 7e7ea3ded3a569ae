"""Dataset registry of a survey-analytics input layer: ``get_input(name, split, data_dir, batch_size)`` looks the
source class up in ``DATASETS`` and builds its batch. Written from knowledge of company input layers with a
registry and a source class per format (no file found for it in this session)."""
import os

import tensorflow.compat.v1 as tf

from pelican80.datasets import pelican

DATASETS = {
    'pelican_counts': pelican.PelicanCountSource,
}


def get_input(name, split, data_dir, batch_size, num_epochs=1):
    if name not in DATASETS:
        raise ValueError('unknown dataset %s' % name)
    source = DATASETS[name](split)
    filenames = [os.path.join(data_dir, f) for f in source.file_names()]
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False,
                                                    name='%s_%s_files' % (name, split))
    reader = source.make_reader()
    _, value = reader.read(filename_queue)
    record = source.decode(value)
    return tf.train.batch(record, batch_size=batch_size, num_threads=1, capacity=4 * batch_size,
                          name='%s_%s_batch' % (name, split))
