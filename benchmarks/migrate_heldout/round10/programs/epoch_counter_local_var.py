"""A reader class with the reader and the batch in different methods, a config whose fields are properties, and
the producer's epoch counter read back through `tf.local_variables()` at the end (progress logging shape);
`import tensorflow as tf` with `tf.compat.v1.*` calls."""

import os

import tensorflow as tf

v1 = tf.compat.v1


class TableConfig(object):
    def __init__(self, data_dir, epochs=3):
        self._data_dir = data_dir
        self._epochs = epochs

    @property
    def files(self):
        return [os.path.join(self._data_dir, "table-%d.csv" % i) for i in range(3)]

    @property
    def epochs(self):
        return self._epochs

    @property
    def batch_size(self):
        return 40


class TableReader(object):
    def __init__(self, config):
        self.config = config
        self.filename_queue = v1.train.string_input_producer(config.files, num_epochs=config.epochs,
                                                             shuffle=False, name="table_files")

    def read(self):
        reader = v1.TextLineReader(skip_header_lines=1)
        key, line = reader.read(self.filename_queue)
        a, b, label = v1.decode_csv(line, record_defaults=[[0], [0.0], [-1]])
        return key, a, b, label

    def batch(self):
        key, a, b, label = self.read()
        return v1.train.batch([key, a, b, label], batch_size=self.config.batch_size, num_threads=1,
                              allow_smaller_final_batch=True)


def main(data_dir):
    table = TableReader(TableConfig(data_dir))
    keys, a, b, label = table.batch()
    epoch_vars = [v for v in v1.local_variables() if "epochs" in v.name]
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, av, bv, lv = sess.run([keys, a, b, label])
                batches.append([[os.path.basename(s.decode()) for s in k], av.tolist(), bv.tolist(), lv.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        epochs_done = sess.run(epoch_vars[0]) if epoch_vars else -1
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError after %d epochs" % int(epochs_done)}
