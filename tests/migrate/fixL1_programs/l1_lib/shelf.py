"""A record shelf: fields registered by chained calls, the producer, reader and parse under a variable scope
and a device block."""
import tensorflow.compat.v1 as tfv1


class RecordShelf:
    def __init__(self, paths, scope='shelf'):
        self.paths = list(paths)
        self.scope = scope
        self._fields = {}

    def add_field(self, key, spec):
        self._fields[key] = spec
        return self

    def _records(self, epochs):
        with tfv1.variable_scope(self.scope):
            with tfv1.device('/cpu:0'):
                names = tfv1.train.string_input_producer(self.paths, num_epochs=epochs, shuffle=False)
                reader = tfv1.TFRecordReader()
                _, raw = reader.read(names)
                return tfv1.parse_single_example(raw, dict(self._fields))

    def batches(self, size, epochs=1):
        fields = self._records(epochs)
        return tfv1.train.batch(fields, batch_size=size, allow_smaller_final_batch=True)


def write_records(path, count):
    with tfv1.python_io.TFRecordWriter(path) as w:
        for i in range(count):
            ex = tfv1.train.Example(features=tfv1.train.Features(feature={
                'id': tfv1.train.Feature(int64_list=tfv1.train.Int64List(value=[10 + i])),
                'pair': tfv1.train.Feature(float_list=tfv1.train.FloatList(value=[i * 0.5, i * 1.5]))}))
            w.write(ex.SerializeToString())
    return path
