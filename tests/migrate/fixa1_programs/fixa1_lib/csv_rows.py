"""CSV rows: the one subclass of ``RecordBatcher`` that decodes; a further subclass only changes a class attribute."""
import tensorflow.compat.v1 as tf

from fixa1_lib.batching import RecordBatcher


def write_rows(path, first, n):
    with open(path, 'w') as f:
        f.write('id,value,tag\n')
        for i in range(n):
            f.write('%d,%.2f,t%d\n' % (first + i, (first + i) * 0.5, (first + i) % 3))


class CsvRows(RecordBatcher):
    SCALE = 1.0

    def decode_row(self, filename_queue):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        ident, value, tag = tf.decode_csv(line, record_defaults=[[0], [0.0], ['']])
        return [ident, value * self.SCALE, tag]


class ScaledCsvRows(CsvRows):
    SCALE = 10.0
