#!/usr/bin/python3
# Telegraph office message book: each line is "<priority> <office> <morse>", with the morse as '.', '-', '/'.
# Converted to TFRecord the way the lab converted its sequence files (one byte per symbol), then read back.
import os
import tensorflow as tf

encode_list = list('.-/ *X')

MESSAGES = [
    "1 OBAN .../---/...",
    "-1 WICK .-/-...",
    "1 MALLAIG -.-./---/--",
    "-1 LERWICK ./.",
    "1 STORNOWAY .--./.-././-.-",
    "-1 OBAN ---",
    "1 KIRKWALL .../-/---/.--./*",
    "-1 WICK ..-/.-.",
    "1 THURSO -/..-/.-./-.",
]


def int_to_byte(i):
    return bytes([i])


def convert(src, dst):
    with open(src, 'r') as text:
        raw_data = text.readlines()

    writer = tf.compat.v1.python_io.TFRecordWriter(dst)

    for line in raw_data:
        line = line.rstrip('\n').split(' ')

        y = int(line[0])
        if y == -1:
            y = 0
        y = int_to_byte(y)

        x = b''
        for c in line[2]:
            x = x + int_to_byte(encode_list.index(c))

        features = tf.train.Features(feature = {
            'x': tf.train.Feature(bytes_list = tf.train.BytesList(value = [x])),
            'y': tf.train.Feature(bytes_list = tf.train.BytesList(value = [y])),
            'office': tf.train.Feature(bytes_list = tf.train.BytesList(value = [line[1].encode()])),
        })

        example = tf.train.Example(features = features)
        writer.write(example.SerializeToString())

    writer.close()


def read_message(filename_queue):
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    feats = tf.compat.v1.parse_single_example(serialized, features = {
        'x': tf.compat.v1.FixedLenFeature([], tf.string),
        'y': tf.compat.v1.FixedLenFeature([], tf.string),
        'office': tf.compat.v1.FixedLenFeature([], tf.string),
    })
    x = tf.cast(tf.compat.v1.decode_raw(feats['x'], tf.uint8), tf.int32)
    y = tf.reshape(tf.cast(tf.compat.v1.decode_raw(feats['y'], tf.uint8), tf.int32), [])
    length = tf.shape(x)[0]
    return x, y, length, feats['office']


def main(data_dir):
    folder = os.path.join(data_dir, 'h58_telegraph')
    os.makedirs(folder, exist_ok=True)
    src = os.path.join(folder, 'message_book.txt')
    with open(src, 'w') as f:
        f.write('\n'.join(MESSAGES) + '\n')
    dst = os.path.join(folder, 'message_book.tfrecord')
    convert(src, dst)

    queue = tf.compat.v1.train.string_input_producer([dst], num_epochs=1, shuffle=False)
    x, y, length, office = read_message(queue)
    xb, yb, lb, ob = tf.compat.v1.train.batch([x, y, length, office], batch_size=3, num_threads=1,
                                              capacity=12, dynamic_pad=True)

    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b, c, d = sess.run([xb, yb, lb, ob])
                out.append([a.tolist(), b.tolist(), c.tolist(), [s.decode() for s in d]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "messages: %d" % sum(len(b[1]) for b in out)}
