"""The reading function and its callers, in a module of the package: each caller makes a file queue and hands it
to the function that reads and batches (the batch chosen by the mode)."""
from tensorflow.compat.v1 import TextLineReader, strings, train, int64


def read_batches(mode, filename_queue, batch_size):
    reader = TextLineReader()
    _, line = reader.read(filename_queue)
    number = strings.to_number(line, int64)
    if mode == 'train':
        numbers, doubled = train.shuffle_batch([number, 2 * number], batch_size, capacity=20,
                                               min_after_dequeue=5, seed=3)
    else:
        numbers, doubled = train.batch([number, 2 * number], batch_size, capacity=20)
    return numbers, doubled


def train_inputs(paths, epochs):
    files = train.string_input_producer(paths, num_epochs=epochs, shuffle=False)
    return read_batches('train', files, 4)


def eval_inputs(paths):
    return read_batches('eval', train.string_input_producer(paths, num_epochs=1, shuffle=False), batch_size=3)
