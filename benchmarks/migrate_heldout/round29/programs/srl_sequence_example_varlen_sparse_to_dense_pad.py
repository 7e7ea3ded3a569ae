"""Semantic role labelling inputs: SequenceExamples with a context length T and VarLen feature lists."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 3


def write_records(path):
    rng = np.random.RandomState(29)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(7):
            T = 2 + i % 4
            ex = tf.train.SequenceExample()
            ex.context.feature['T'].int64_list.value.append(T)
            pred = ex.feature_lists.feature_list['PRED']
            lemma = ex.feature_lists.feature_list['LEMMA']
            target = ex.feature_lists.feature_list['TARGET']
            for t in range(T):
                pred.feature.add().int64_list.value.append(int(t == i % T))
                lemma.feature.add().int64_list.value.append(int(rng.randint(1, 50)))
                target.feature.add().int64_list.value.append(int(rng.randint(0, 5)))
            writer.write(ex.SerializeToString())


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    context_features, sequence_features = tf.parse_single_sequence_example(
        serialized_example,
        context_features={
            'T': tf.FixedLenFeature([], tf.int64)
        },
        sequence_features={
            'PRED': tf.VarLenFeature(tf.int64),
            'LEMMA': tf.VarLenFeature(tf.int64),
            'TARGET': tf.VarLenFeature(tf.int64),
        })
    length = tf.cast(context_features['T'], tf.int32)
    pred = tf.reshape(tf.sparse_tensor_to_dense(sequence_features['PRED']), [-1])
    lemma = tf.reshape(tf.sparse_tensor_to_dense(sequence_features['LEMMA']), [-1])
    target = tf.reshape(tf.sparse_tensor_to_dense(sequence_features['TARGET']), [-1])
    return length, pred, lemma, target


def main(data_dir):
    root = os.path.join(data_dir, 'h29_srl_sequence_example_varlen_sparse_to_dense_pad')
    os.makedirs(root, exist_ok=True)
    tfrecords_filename = os.path.join(root, 'devel.tfrecords')
    write_records(tfrecords_filename)

    filename_queue = tf.train.string_input_producer([tfrecords_filename], num_epochs=1, shuffle=False)
    length, pred, lemma, target = read_and_decode(filename_queue)
    T, PRED, LEMMA, TARGET = tf.train.batch([length, pred, lemma, target], batch_size=BATCH_SIZE,
                                            dynamic_pad=True, allow_smaller_final_batch=True, capacity=10)
    mask = tf.sequence_mask(T, tf.shape(LEMMA)[1], dtype=tf.int64)
    n_tokens = tf.reduce_sum(mask, axis=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while not coord.should_stop():
                t, p, l, y, n = sess.run([T, PRED, LEMMA, TARGET, n_tokens])
                batches.append([t.tolist(), p.tolist(), l.tolist(), y.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'done training -- epoch limit reached'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
