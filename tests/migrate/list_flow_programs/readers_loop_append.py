"""`import tensorflow.compat.v1 as tf1`: three `TextLineReader`s made in a comprehension (its index unused), a
`for reader in readers:` loop reading and decoding each and appending `[a * 2.0, label]`, then `batch_join`; a
multiset of rows and the batch sizes."""

import glob
import os

import tensorflow.compat.v1 as tf1


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
    filename_queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    readers = [tf1.TextLineReader(skip_header_lines=1) for i in range(3)]
    examples = []
    for reader in readers:
        _, line = reader.read(filename_queue)
        a, b, label = tf1.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
        examples.append([a * 2.0, label])
    doubled, labels = tf1.train.batch_join(examples, batch_size=9, allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    sess = tf1.Session()
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            d, y = sess.run([doubled, labels])
            sizes.append(len(y))
            rows.extend(zip(d.tolist(), y.tolist()))
    except tf1.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": [sizes, sorted(rows)], "end": end}
