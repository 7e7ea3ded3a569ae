import tensorflow as tf

GAMES = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", "e2e4", 20, 3),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "c7c5", "e7e5", 25, 4),
    ("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", "g1f3", "g1f3", 31, 5),
    ("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "d7d6", "b8c6", 28, 6),
    ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "f1b5", "f1b5", 35, 8),
    ("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3", "a7a6", "a7a6", 30, 7),
    ("rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2", "c2c4", "c2c4", 22, 5),
    ("rnbqkb1r/pppppp1p/5np1/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3", "b1c3", "g1f3", 18, 9),
    ("rnbqk2r/ppppppbp/5np1/8/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4", "e2e4", "e2e4", 40, 10),
    ("r1bq1rk1/pp2ppbp/2np1np1/8/2PNP3/2N1B3/PP2BPPP/R2QK2R w KQ - 2 9", "e1g1", "f2f3", -12, 14),
]


def _bytes(v):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v.encode()]))


def _int(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))


def write_preprocessed(path_pattern):
    """Two shards of the humanlike set: positions 0-5 and 6-9."""
    paths = []
    for shard, (lo, hi) in enumerate(((0, 6), (6, 10))):
        path = path_pattern % shard
        with tf.io.TFRecordWriter(path) as writer:
            for fen, uci, best_uci, cp_score, complexity in GAMES[lo:hi]:
                example = tf.train.Example(features=tf.train.Features(feature={
                    'board/fen': _bytes(fen),
                    'board/cp_score': _int(cp_score),
                    'move/uci': _bytes(uci),
                    'board/best_uci': _bytes(best_uci),
                    'board/complexity': _int(complexity),
                }))
                writer.write(example.SerializeToString())
        paths.append(path)
    return paths
