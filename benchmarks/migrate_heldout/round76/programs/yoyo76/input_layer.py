# Company-style input layer (written from knowledge of the estimator-era pattern, no single file): an
# `InputConfig` namedtuple, `CSV_COLUMNS` / `CSV_DEFAULTS`, and `build_input(config)` globbing the shards,
# reading lines by `read_up_to`, decoding the vector of lines with `decode_csv`, and batching a dict with
# `enqueue_many=True`.
import collections

import tensorflow.compat.v1 as tf

InputConfig = collections.namedtuple(
    'InputConfig', ['file_pattern', 'batch_size', 'num_epochs', 'reader_batch', 'capacity'])

CSV_COLUMNS = ['player_id', 'trick', 'spin_ms', 'landed']
CSV_DEFAULTS = [[0], [''], [0.0], [0]]
LABEL_COLUMN = 'landed'


def _decode(lines):
    columns = tf.decode_csv(lines, record_defaults=CSV_DEFAULTS)
    return dict(zip(CSV_COLUMNS, columns))


def build_input(config):
    files = sorted(tf.gfile.Glob(config.file_pattern))
    filename_queue = tf.train.string_input_producer(files, num_epochs=config.num_epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, lines = reader.read_up_to(filename_queue, num_records=config.reader_batch)
    features = _decode(lines)
    batch = tf.train.batch(features, batch_size=config.batch_size, enqueue_many=True,
                           capacity=config.capacity, num_threads=1, allow_smaller_final_batch=True)
    labels = batch.pop(LABEL_COLUMN)
    return batch, labels
