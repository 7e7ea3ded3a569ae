# Morse code signal classifier -- my notebook on QueueRunners turned into a script.
# Queues in series: file names -> lines -> decoded examples (my own FIFOQueue) -> batches.
import os

import tensorflow as tf

tf1 = tf.compat.v1

LETTERS = {'A': '.-', 'E': '.', 'K': '-.-', 'N': '-.', 'O': '---', 'S': '...', 'T': '-', 'R': '.-.'}


def write_signals(folder):
    for part, letters in (('signals_0.csv', 'SOSTEAK'), ('signals_1.csv', 'NORTHES')):
        with open(os.path.join(folder, part), 'w') as f:
            for n, letter in enumerate(letters):
                code = LETTERS.get(letter, '.')
                f.write('%s,%d,%d,%d\n' % (letter, code.count('.'), code.count('-'), 60 * len(code) + n))


def main(data_dir):
    folder = os.path.join(data_dir, 'fixm_morse_signals')
    if not os.path.isdir(folder):
        os.makedirs(folder)
        write_signals(folder)
    files = [os.path.join(folder, 'signals_%d.csv' % i) for i in range(2)]

    # queue 1: the file names
    filename_queue = tf1.train.input_producer(tf.constant(files), num_epochs=1, shuffle=False)
    # queue 2: the reader pulls lines from the files
    reader = tf1.TextLineReader()
    _, line = reader.read(filename_queue)
    letter, dots, dashes, millis = tf1.decode_csv(line, record_defaults=[[''], [0], [0], [0]])
    features = tf.stack([dots, dashes, millis])

    # queue 3: decoded examples, filled by my own QueueRunner
    example_queue = tf1.FIFOQueue(capacity=10, dtypes=[tf.string, tf.int32], shapes=[[], [3]])
    enqueue_op = example_queue.enqueue([letter, features])
    qr = tf1.train.QueueRunner(example_queue, [enqueue_op])
    tf1.train.add_queue_runner(qr)
    letter_out, features_out = example_queue.dequeue()

    # queue 4: batches
    letter_batch, feature_batch = tf1.train.batch([letter_out, features_out], batch_size=2, capacity=8)

    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                l, f = sess.run([letter_batch, feature_batch])
                batches.append([[x.decode() for x in l], f.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'queues exhausted'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
