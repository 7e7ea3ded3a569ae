"""One species folder's reader: the file list computed, counted in a log line, then rebound as a constant."""
import os

from tensorflow.compat.v1 import constant, logging, train, WholeFileReader, io


def folder_reader(folder, suffix):
    names = sorted(os.listdir(folder))
    names = [os.path.join(folder, n) for n in names if n.endswith(suffix)]
    logging.info('%s: %d files', folder, len(names))
    names = constant(names)
    queue = train.string_input_producer(names, num_epochs=1, shuffle=False)
    _, contents = WholeFileReader().read(queue)
    ident, weight = io.decode_csv(contents, record_defaults=[[0], [0.0]])
    return ident, weight
