import tensorflow as tf

tf1 = tf.compat.v1

FEATURES = {
    'board/fen': tf1.FixedLenFeature([], tf.string),
    'board/cp_score': tf1.FixedLenFeature([], tf.int64),
    'move/uci': tf1.FixedLenFeature([], tf.string),
    'board/best_uci': tf1.FixedLenFeature([], tf.string),
    'board/complexity': tf1.FixedLenFeature([], tf.int64),
}


def read_position(filename_queue):
    reader = tf1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    example = tf1.parse_single_example(serialized, FEATURES)

    # "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" -> side to move
    fen_parts = tf1.string_split([example['board/fen']], ' ')
    side = fen_parts.values[1]
    white_to_move = tf.cast(tf.equal(side, 'w'), tf.int64)
    # cp_score is from white's point of view; turn it to the mover's
    sign = 2 * white_to_move - 1
    return {
        'fen': example['board/fen'],
        'uci': example['move/uci'],
        'cp_score': example['board/cp_score'] * sign,
        'is_best': tf.cast(tf.equal(example['move/uci'], example['board/best_uci']), tf.int64),
        'complexity': example['board/complexity'],
    }


def inputs(filenames, batch_size, num_epochs=1):
    filename_queue = tf1.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    position = read_position(filename_queue)
    return tf1.train.batch(position, batch_size=batch_size, num_threads=1,
                           capacity=4 * batch_size, allow_smaller_final_batch=True)
