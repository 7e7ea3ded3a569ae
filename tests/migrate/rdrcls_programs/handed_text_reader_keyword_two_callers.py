"""A module function batching what a reader class it is handed reads (handing it on to its reader function): two
callers hand it the same class by keyword, spelled through `from tensorflow.compat import v1`, one of them naming it
as imported."""
import os

from tensorflow.compat import v1
from tensorflow.compat.v1 import TextLineReader


def _read_row(filename_queue, reader_cls, skip):
    reader = reader_cls(skip_header_lines=skip)
    _, line = reader.read(filename_queue)
    city, temp = v1.decode_csv(line, record_defaults=[[''], [0.0]])
    return city, temp


def line_batches(files, batch_size, reader_cls, skip=1):
    queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    city, temp = _read_row(queue, reader_cls, skip)
    return v1.train.batch([city, temp * 10.0], batch_size=batch_size)


def train_batches(folder):
    files = [os.path.join(folder, 'train_%d.csv' % k) for k in range(2)]
    return line_batches(files, 4, reader_cls=v1.TextLineReader)


def eval_batches(folder):
    return line_batches([os.path.join(folder, 'eval.csv')], 2, skip=1, reader_cls=TextLineReader)


def main(data_dir):
    folder = os.path.join(data_dir, 'rdrcls_lines')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    for name, rows in [('train_0.csv', 5), ('train_1.csv', 3), ('eval.csv', 4)]:
        with open(os.path.join(folder, name), 'w') as f:
            f.write('city,temp\n')
            for i in range(rows):
                f.write('%s-%d,%.1f\n' % (name[:4], i, i * 1.5))
    train = train_batches(folder)
    evaluation = eval_batches(folder)
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        for fetch in (train, evaluation):
            try:
                while True:
                    c, t = sess.run(fetch)
                    batches.append([[x.decode() for x in c], t.tolist()])
            except v1.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'rows: %d' % sum(len(b[0]) for b in batches)}
