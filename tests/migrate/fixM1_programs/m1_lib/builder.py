"""A reader-config builder: k readers fill a common queue whose class a config flag chooses; returns a dict."""
import tensorflow.compat.v1 as tf

from m1_lib import loader


def _parse(line, width):
    cols = tf.decode_csv(tf.reshape(line, []), record_defaults=[[0]] * width)
    return {"id": cols[0], "vals": tf.stack(cols[1:])}


def build(config, num_epochs=None):
    """Builds the tensor dict of `config` (a loader.Cfg with files, capacity and width)."""
    if not isinstance(config, loader.Cfg):
        raise ValueError("config is not a Cfg")
    files = config.files
    if not files:
        raise ValueError("no files")
    file_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=config.shuffle, seed=7)
    if config.shuffle:
        records = tf.RandomShuffleQueue(capacity=config.capacity, min_after_dequeue=3, dtypes=[tf.string], seed=7)
    else:
        records = tf.FIFOQueue(capacity=config.capacity, dtypes=[tf.string])
    ops = []
    for _ in range(config.num_readers):
        reader = tf.TextLineReader()
        _, line = reader.read(file_queue)
        ops.append(records.enqueue([line]))
    tf.train.add_queue_runner(tf.train.QueueRunner(records, ops))
    line = records.dequeue()
    return _parse(line, config.width)
