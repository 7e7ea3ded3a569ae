"""Boardings per stop, inbound and outbound files, two readers joined into one batch."""
import os

import numpy as np
from tensorflow.compat import v1 as tf

BATCH_SIZE = 3


def write_stops(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(4606)
    files = []
    stop = 0
    for direction in ("inbound", "outbound"):
        for part in range(2):
            name = os.path.join(folder, "%s_%d.txt" % (direction, part))
            with open(name, "w") as f:
                for _ in range(3):
                    f.write("%s|S%02d|%d|%d\n" % (direction, stop, rng.randint(0, 90), rng.randint(0, 90)))
                    stop += 1
            files.append(name)
    return files


def read_stop(filename_queue):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    direction, stop, on, off = tf.decode_csv(line, [["?"], ["?"], [0], [0]], field_delim="|")
    return [stop, tf.stack([on, off]), tf.equal(direction, "inbound")]


def main(data_dir):
    files = write_stops(os.path.join(data_dir, "h46_stop_boardings"))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    # one reader per thread, as the batch_join documentation describes
    example_list = [read_stop(filename_queue) for _ in range(2)]
    stop_batch, count_batch, inbound_batch = tf.train.batch_join(example_list, batch_size=BATCH_SIZE,
                                                                 capacity=4 * BATCH_SIZE)

    got = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, c, i = sess.run([stop_batch, count_batch, inbound_batch])
                got.append([[x.decode() for x in s], c.tolist(), i.tolist()])
        except tf.errors.OutOfRangeError:
            pass  # print("Done reading stops")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": got, "end": "stops: %d" % sum(len(b[0]) for b in got)}
