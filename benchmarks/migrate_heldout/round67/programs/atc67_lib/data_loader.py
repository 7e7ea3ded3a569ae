from __future__ import print_function

import numpy as np
import tensorflow as tf
import os, csv

from atc67_lib import ops

tf1 = tf.compat.v1

WAVE_FILE_TYPE = 'wav'
LABEL_FILE_TYPE = 'txt'
FILE_PATH = 'atc_sr/files'
PARENT_PATH = None  # set by the caller (was '/home/...')
NUM_LABELS = 29
NUM_FEATURES = 3


def process_input(data_category):
    wave_file_list = list()
    label_file_list = list()
    # delimiter : distinguish between written sentences

    file_path = os.path.join(PARENT_PATH, FILE_PATH)
    if not os.path.exists(file_path):
        os.makedirs(file_path)
    csv_f = open(os.path.join(file_path, data_category+'.csv'), 'w')
    writer = csv.writer(csv_f, delimiter=',')
    '''
        inputs.mel_freq contains mfcc values for each wave file
        inputs.target_label = contains indexed transcript for corresponding wave file
    '''
    data_path = os.path.join(PARENT_PATH, data_category)
    inputs = ops.SpeechLoader(data_path, NUM_FEATURES, NUM_LABELS)
    mfcc_npy_path = os.path.join(PARENT_PATH, 'mfcc')
    if not os.path.exists(mfcc_npy_path):
        os.mkdir(mfcc_npy_path)

    for i, (wave, label) in enumerate(zip(inputs.mel_freq, inputs.target_label)):
        data_index = '%s_%d' % (data_category, i+1)
        # label is a numpy array
        # Change it to list to 'add' with [data_index]
        writer.writerow([data_index] + label.tolist())
        np.save(mfcc_npy_path + '/' + data_index + '.npy', wave)
    csv_f.close()


def read_inputs(data_category, shuffle=False):
    label = list()
    mfcc_file = list()
    file_path = os.path.join(PARENT_PATH, FILE_PATH)
    csv_path = os.path.join(file_path, data_category+'.csv')
    with open(csv_path) as csv_file:
        reader = csv.reader(csv_file, delimiter=',')
        for row in reader:
            # MFCC FILE
            mfcc_file.append(os.path.join(PARENT_PATH, 'mfcc') + '/' + row[0] + '.npy')
            # Corresponding LABEL
            label.append(np.asarray(row[1:], dtype=np.int32).tobytes())

    label_tensor = tf.convert_to_tensor(label)
    mfcc_file_tensor = tf.convert_to_tensor(mfcc_file)

    # tf.train.slice_input_producer : Produces a slice a each 'Tensor' in tensor_list
    label_q, mfcc_file_q = tf1.train.slice_input_producer([label_tensor, mfcc_file_tensor], shuffle=shuffle,
                                                          num_epochs=1)

    return label_q, mfcc_file_q


def _generate_wave_label_batch(wave, label, min_queue_examples, batch_size, shuffle=True, num_threads=10):
    '''
        Construct a queued batch of wave and label
        Create a queue that shuffles the examples, and pull out batch size wave+label from example queue
    '''

    if not shuffle:
        # dynamic_pad=True for variable length inputs, makes [batch, max time step, features]
        # labels also padded with 0
        wave, label = tf1.train.batch([wave, label], batch_size=batch_size, shapes=[(None, NUM_FEATURES), (None,)], num_threads=num_threads, \
                                    capacity=min_queue_examples+20*batch_size, dynamic_pad=True)
    else:
        queue = tf1.RandomShuffleQueue(capacity=min_queue_examples+20*batch_size, min_after_dequeue=min_queue_examples, dtypes=[tf.float32, tf.int32])
        enqueue_op = queue.enqueue([wave, label])
        queue_r = tf1.train.QueueRunner(queue, [enqueue_op]*num_threads)
        tf1.add_to_collection(tf1.GraphKeys.QUEUE_RUNNERS, queue_r)
        wave, label = queue.dequeue()
        wave, label = tf1.train.batch([wave, label], batch_size=batch_size, shapes=[(None, NUM_FEATURES), (None,)], num_threads=num_threads, \
                                    capacity=min_queue_examples+20*batch_size, dynamic_pad=True)
        # tf.train.shuffle_batch does not support dynamic pad option

    '''
        tf.reduce_sum(wave, axis=2) makes [batch, max time step], padded part would be 0
        tf.not_equal returns bool of shape [batch, max time step]
        tf.cast casting boolean to integer
        tf.reduce_sum(whole, axis=1) returns of shape [batch, ] and each element stands for sequence length of each batch
    '''
    sequence_len = tf.reduce_sum(tf.cast(tf.not_equal(tf.reduce_sum(wave, axis=2), 0.), tf.int32), axis=1)

    return wave, label, sequence_len


@ops.producer_func
def _load_mfcc(src_list):
    # Label, wave_file
    label, mfcc_file = src_list
    # Decode string to integer
    label = np.frombuffer(label, np.int32)
    # Numpy load mfcc
    mfcc = np.load(mfcc_file.decode() if isinstance(mfcc_file, bytes) else mfcc_file, encoding='bytes')

    return label, mfcc


def get_batches(data_category, batch_size, num_gpu, num_threads=10, shuffle=False):
    min_queue_examples = batch_size*10
    capacity = batch_size*50
    label_input, wave_input = read_inputs(data_category, shuffle=shuffle)
    wave_list, label_list, seq_len_list = [], [], []
    label_q, wave_q = _load_mfcc(source=[label_input, wave_input], dtypes=[tf.int32, tf.float32], capacity=capacity, num_threads=1)

    # Make batches for each gpu
    for i in range(num_gpu):
        waves, labels, seq_len = _generate_wave_label_batch(wave=wave_q, label=label_q, min_queue_examples=min_queue_examples, batch_size=batch_size, shuffle=shuffle, num_threads=num_threads)
        #print(labels.get_shape())
        #print(waves.get_shape())
        indices = tf.where(tf.not_equal(tf.cast(labels, tf.float32), 0.))
        #sparse_label = ops.sparse_tensor_form(labels)
        wave_list.append(waves)
        label_list.append(tf.SparseTensor(indices=indices, values=tf.gather_nd(labels, indices), dense_shape=tf.cast(tf.shape(labels), tf.int64)))
        seq_len_list.append(seq_len)

    return wave_list, label_list, seq_len_list
