"""Reads RawBoardData records dumped by the C++ game-data tool.

struct RawBoardData {
  // Bitmask indexed by Piece enum.
  uint64_t data[14];
  int32_t move;
  int32_t result;  // Either -1, 0, or 1
};
"""
import enum
import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf


class Piece(enum.IntEnum):
    kWP = 0
    kWR = 1
    kWB = 2
    kWN = 3
    kWQ = 4
    kWK = 5
    kBP = 6
    kBR = 7
    kBB = 8
    kBN = 9
    kBQ = 10
    kBK = 11
    kEnPassant = 12
    kCastleRight = 13


RAW_BOARD_FORMAT = "<14qii"
RECORD_BYTES = struct.calcsize(RAW_BOARD_FORMAT)  # 120
BITMASK_BYTES = 14 * 8

# piece values for a material count, by Piece enum
MATERIAL = [1, 5, 3, 3, 9, 0, -1, -5, -3, -3, -9, 0, 0, 0]


def _random_board(rng):
    masks = [0] * 14
    taken = set()
    counts = {Piece.kWP: 8, Piece.kWR: 2, Piece.kWB: 2, Piece.kWN: 2, Piece.kWQ: 1, Piece.kWK: 1,
              Piece.kBP: 8, Piece.kBR: 2, Piece.kBB: 2, Piece.kBN: 2, Piece.kBQ: 1, Piece.kBK: 1}
    for piece, n in counts.items():
        keep = n if piece in (Piece.kWK, Piece.kBK) else rng.randint(0, n + 1)
        for _ in range(keep):
            sq = int(rng.randint(0, 63))
            while sq in taken:
                sq = int(rng.randint(0, 63))
            taken.add(sq)
            masks[piece] |= 1 << sq
    masks[Piece.kCastleRight] = int(rng.choice([0, 1 | 128, 1 << 56]))
    return masks


def write_games(folder, rng):
    paths = []
    game = 0
    for name in ("games-a.bin", "games-b.bin"):
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            for _ in range(6):
                masks = _random_board(rng)
                move = game * 100 + int(rng.randint(0, 64)) * 64 + int(rng.randint(0, 64))
                result = int(rng.randint(-1, 2))
                f.write(struct.pack(RAW_BOARD_FORMAT, *(masks + [move, result])))
                game += 1
        paths.append(path)
    return paths


def read_board(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
    _, value = reader.read(filename_queue)
    bitmasks = tf.decode_raw(tf.substr(value, 0, BITMASK_BYTES), tf.int64)
    tail = tf.decode_raw(tf.substr(value, BITMASK_BYTES, 8), tf.int32)
    bitmasks = tf.reshape(bitmasks, [14])
    move, result = tail[0], tail[1]

    shifts = tf.range(64, dtype=tf.int64)
    bits = tf.bitwise.bitwise_and(
        tf.bitwise.right_shift(tf.expand_dims(bitmasks, 1), tf.expand_dims(shifts, 0)),
        tf.constant(1, tf.int64))
    piece_counts = tf.reduce_sum(bits, axis=1)  # [14]
    material = tf.reduce_sum(piece_counts[:12] * tf.constant(MATERIAL[:12], tf.int64))
    # result is -1/0/1 for black win / draw / white win -> class 0/1/2
    label = result + 1
    return piece_counts[:12], material, move, label


def main(data_dir):
    folder = os.path.join(data_dir, "h45_chess_bitboards")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    paths = write_games(folder, np.random.RandomState(4507))

    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=True, seed=4507)
    counts, material, move, label = read_board(filename_queue)
    counts_b, material_b, move_b, label_b = tf.train.shuffle_batch(
        [counts, material, move, label], batch_size=4, capacity=12, min_after_dequeue=4,
        num_threads=2, seed=4507)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, m, mv, l = sess.run([counts_b, material_b, move_b, label_b])
                batches.append([c.tolist(), m.tolist(), mv.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "boards: %d" % sum(len(b[3]) for b in batches)}
