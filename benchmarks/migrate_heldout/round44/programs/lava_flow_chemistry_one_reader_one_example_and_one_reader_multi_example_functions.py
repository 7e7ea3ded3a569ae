import os
import tensorflow.compat.v1 as tf

FLOWS = [
    ["LF-01,48.9", "LF-02,50.3", "LF-03,51.7"],
    ["LF-04,47.2", "LF-05,55.6", "LF-06,58.1"],
    ["LF-07,62.4", "LF-08,49.5", "LF-09,53.0"],
]

FILENAMES = []


def one_reader_one_example():
    # create a FIFO queue
    filenames = FILENAMES
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)

    # create reader
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)

    # create decoder
    example, label = tf.decode_csv(value, record_defaults=[['null'], ['null']])

    # run graph
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(5):
            e, l = sess.run([example, label])
            out.append([[e.decode()], [l.decode()]])
        coord.request_stop()
        coord.join(threads)
    return out


def one_reader_multi_example():
    # create a FIFO queue
    filenames = FILENAMES
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)

    # create reader
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)

    # create decoder
    example, label = tf.decode_csv(value, record_defaults=[['null'], [0.0]])

    # create batch
    example_batch, label_batch = tf.train.batch([example, label], batch_size=4)

    # run graph
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(3):
            e, l = sess.run([example_batch, label_batch])
            out.append([[x.decode() for x in e], [round(float(v), 1) for v in l]])
        coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    folder = os.path.join(data_dir, "h44_lava_flows")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    del FILENAMES[:]
    for name, lines in zip(['a.csv', 'b.csv', 'c.csv'], FLOWS):
        path = os.path.join(folder, name)
        with open(path, 'w') as f:
            f.write("\n".join(lines) + "\n")
        FILENAMES.append(path)
    batches = one_reader_one_example()
    batches += one_reader_multi_example()
    return {"batches": batches, "end": "reads: %d" % len(batches)}
