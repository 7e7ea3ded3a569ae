import tensorflow.compat.v1 as tf

from ..base.reading import read_amounts, Ledger


def _read_codes(filenames):
    queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    _, line = tf.TextLineReader().read(queue)
    return tf.strings.to_number(line, tf.int32)


class Balance(Ledger):
    def batches(self, debit_files, credit_files, code_files):
        debit, credit = self._columns(debit_files, credit_files)
        code = _read_codes(code_files)
        return tf.train.batch([debit - credit, code], batch_size=self.batch_size)
