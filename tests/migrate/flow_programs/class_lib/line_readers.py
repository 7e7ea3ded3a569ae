"""A reader base class whose `read_line` reads a CSV row and asks its subclass for the value
(`self.value(a, b)`), and the join over such readers; the subclass is a program's own (another module)."""

import glob
import os

from tensorflow.compat import v1


class LineReader(object):

    def read_line(self, filename_queue):
        reader = v1.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        a, b, label = v1.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return [self.value(a, b), label]


def joined_lines(reader, data_dir, batch_size, readers=2):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    queue = v1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    return v1.train.batch_join([reader.read_line(queue) for _ in range(readers)], batch_size=batch_size,
                               allow_smaller_final_batch=True)
