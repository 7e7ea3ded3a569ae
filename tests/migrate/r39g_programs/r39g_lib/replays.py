"""Writes ZLIB replay files; ``read_positions`` reads them with a keyword ``read`` and decodes many rows each."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import TFRecordReader, python_io

GAMES = [[4, 0, 8, 2], [0, 4], [2, 6, 1, 5], [4, 1], [8, 5, 3, 7]]  # 16 positions: 4 batches of 4


def write_replays(folder):
    os.makedirs(folder, exist_ok=True)
    options = python_io.TFRecordOptions(python_io.TFRecordCompressionType.ZLIB)
    for start in range(0, len(GAMES), 2):
        path = os.path.join(folder, 'replays-%d.tfrecords' % (start // 2))
        with python_io.TFRecordWriter(path, options=options) as writer:
            for moves in GAMES[start:start + 2]:
                example = tf.train.Example(features=tf.train.Features(feature={
                    'moves': tf.train.Feature(int64_list=tf.train.Int64List(value=moves))}))
                writer.write(example.SerializeToString())
    return sum(len(m) for m in GAMES)


def decode(record):
    moves = tf.sparse_tensor_to_dense(tf.parse_single_example(
        record, {'moves': tf.VarLenFeature(tf.int64)})['moves'])
    turn = tf.range(tf.size(moves))
    return moves, turn


def read_positions(filename_queue):
    options = python_io.TFRecordOptions(python_io.TFRecordCompressionType.ZLIB)
    reader = TFRecordReader(options=options)
    _, record = reader.read(queue=filename_queue, name='read_replay')
    moves, turn = decode(record)
    length = tf.size(moves)
    tf.summary.scalar('replay_length', length)
    return moves, turn
