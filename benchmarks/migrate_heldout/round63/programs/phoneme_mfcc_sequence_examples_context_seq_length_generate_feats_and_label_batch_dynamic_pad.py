# coding=utf-8
import os

import numpy as np
import tensorflow as tf

tf = tf.compat.v1
NUM_MFCC = 4


def write_utterances(path):
    rng = np.random.RandomState(6305)
    with tf.python_io.TFRecordWriter(path) as writer:
        for u in range(12):
            length = 2 + u % 5
            ex = tf.train.SequenceExample()
            ex.context.feature['seq_length'].int64_list.value.append(length)
            ex.context.feature['label'].int64_list.value.append(u % 6)
            ex.context.feature['utt_id'].bytes_list.value.append(('spk%d_utt%02d' % (u % 3, u)).encode())
            frames = ex.feature_lists.feature_list['mfcc']
            for _ in range(length):
                frames.feature.add().float_list.value.extend(rng.normal(size=NUM_MFCC).round(3).tolist())
            writer.write(ex.SerializeToString())


def _generate_feats_and_label_batch(filename_queue, batch_size):
    """Construct a queued batch of spectral features and phoneme labels.
    Args:
      filename_queue: queue of filenames to read data from.
      batch_size: Number of utterances per batch.
    Returns:
      feats: mfccs. 3D tensor of [B, T, S]
      labels: 1D tensor of [B]
      seq_lens: Sequence Lengths. [B]
    """
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    context_features = {
        "seq_length": tf.FixedLenFeature([], dtype=tf.int64),
        "label": tf.FixedLenFeature([], dtype=tf.int64),
        "utt_id": tf.FixedLenFeature([], dtype=tf.string),
    }
    sequence_features = {
        "mfcc": tf.FixedLenSequenceFeature([NUM_MFCC], dtype=tf.float32),
    }
    context_parsed, sequence_parsed = tf.parse_single_sequence_example(
        serialized=serialized_example,
        context_features=context_features,
        sequence_features=sequence_features)
    feats, labels, seq_lens, utt = tf.train.batch(
        [sequence_parsed['mfcc'], context_parsed['label'], tf.cast(context_parsed['seq_length'], tf.int32),
         context_parsed['utt_id']],
        batch_size=batch_size, dynamic_pad=True, capacity=32, num_threads=1)
    return feats, labels, seq_lens, utt


def inputs(data_dir, batch_size):
    filenames = [os.path.join(data_dir, 'timit_like_train.tfrecords')]
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    return _generate_feats_and_label_batch(filename_queue, batch_size)


def main(data_dir):
    d = os.path.join(data_dir, 'h63_phoneme_mfcc_sequence_examples_context_seq_length_generate_feats_and_label_batch_dynamic_pad')
    os.makedirs(d, exist_ok=True)
    write_utterances(os.path.join(d, 'timit_like_train.tfrecords'))
    feats, labels, seq_lens, utt = inputs(d, 4)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            f, l, s, u = sess.run([feats, labels, seq_lens, utt])
            batches.append([f.tolist(), l.tolist(), s.tolist(), [x.decode() for x in u]])
    except tf.errors.OutOfRangeError:
        print_msg = 'Done -- epoch limit reached'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': print_msg}
