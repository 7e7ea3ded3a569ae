import tensorflow.compat.v1 as tf


def read_amounts(filenames, num_epochs=None):
    """One line of a ledger file as a float (its own producer and reader)."""
    queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=num_epochs)
    _, line = tf.TextLineReader().read(queue)
    return tf.strings.to_number(line)


class Ledger(object):
    def __init__(self, batch_size):
        self.batch_size = batch_size

    def _columns(self, debit_files, credit_files):
        debit = read_amounts(debit_files, 1)
        credit = read_amounts(credit_files, 1)
        return debit, credit
