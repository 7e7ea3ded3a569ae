import os.path

import tensorflow.compat.v1 as tf

from gomoku39_lib import replay_ops
from gomoku39_lib.flags import FLAGS


def input():
  with tf.name_scope('input'):
    # Scan the available replay files and put them in a queue.
    replay_files = tf.matching_files(os.path.join(FLAGS.replay_dir, "*.tfrecords"))
    filename_queue = tf.train.string_input_producer(
        replay_files,
        num_epochs=1,
        capacity=20,
        shuffle=True,
        name="filename_queue")

    # Read single records from the files.
    options = tf.python_io.TFRecordOptions(
        tf.python_io.TFRecordCompressionType.ZLIB)
    reader = tf.TFRecordReader(options=options)
    key, record_string = reader.read(filename_queue, name="read_record")

    # Decode each replay into a batch of training features, one for each
    # game position in the replay.
    features, scores = replay_ops.decode_replays(
        record_string, board_cells=FLAGS.board_size ** 2, name="decode_replays")
    game_length = tf.size(scores)
    tf.summary.scalar('game_length', game_length)

    # Rebatch into constant size batches.
    return tf.train.shuffle_batch(
        [features, scores],
        batch_size=FLAGS.batch_size,
        enqueue_many=True,
        capacity=64,
        min_after_dequeue=8,
        num_threads=2,
        name="rebatched_examples")
