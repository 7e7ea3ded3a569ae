#! /usr/bin/python
# -*- coding: utf-8 -*-
"""BBC news articles (one .txt per article in category folders) converted TensorLayer-tutorial
style: `data_to_tfrecord(...)` writes them, `read_and_decode(filename, is_train=None)` opens its own
(unlimited) producer, the test batch is a one-thread `tf.train.batch`, the loop runs
`n_step_epoch` steps, and each fetched batch is post-processed in numpy by `threading_data`."""
import os
import time

import numpy as np
import tensorflow.compat.v1 as tf

import tlx43_lib as tl

CATEGORIES = ['business', 'entertainment', 'politics', 'sport', 'tech']


def write_articles(root):
    rng = np.random.RandomState(2005)
    vocab = ['the', 'minister', 'said', 'shares', 'rose', 'film', 'award', 'match', 'goal',
             'phone', 'users', 'growth', 'election', 'band', 'cup', 'network']
    for c in CATEGORIES:
        d = os.path.join(root, c)
        if not os.path.isdir(d):
            os.makedirs(d)
        for k in range(2):
            words = rng.choice(vocab, rng.randint(6, 14))
            with open(os.path.join(d, '%03d.txt' % (k + 1)), 'w') as f:
                cut = rng.randint(2, 6)
                f.write(' '.join(words[:cut]).title() + '\n\n' + ' '.join(words[cut:]) + '.\n')


def data_to_tfrecord(texts, labels, filename):
    """ Save data into TFRecord """
    if os.path.isfile(filename):
        print("%s exists" % filename)
        return
    print("Converting data into %s ..." % filename)
    writer = tf.python_io.TFRecordWriter(filename)
    for index, text in enumerate(texts):
        example = tf.train.Example(features=tf.train.Features(feature={
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[labels[index]])),
            "doc_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[index])),
            "text_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[text])),
        }))
        writer.write(example.SerializeToString())  # Serialize To String
    writer.close()


def read_and_decode(filename, is_train=None):
    """ Return tensor to read from TFRecord """
    filename_queue = tf.train.string_input_producer([filename])
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example,
                                       features={
                                           'label': tf.FixedLenFeature([], tf.int64),
                                           'doc_id': tf.FixedLenFeature([], tf.int64),
                                           'text_raw': tf.FixedLenFeature([], tf.string),
                                       })
    text = features['text_raw']
    if is_train == True:
        text = tf.strings.lower(text)
    elif is_train == False:
        # headline only: the part before the blank line
        text = tf.string_split([text], delimiter='\n').values[0]
    else:
        pass
    label = tf.cast(features['label'], tf.int32)
    doc_id = tf.cast(features['doc_id'], tf.int32)
    return text, label, doc_id


def count_words(text):
    return np.array([len(t.split()) for t in text])


def main(data_dir):
    root = os.path.join(data_dir, 'h43_bbc_news', 'bbc')
    write_articles(root)
    texts, labels = [], []
    for label, folder in enumerate(tl.files.load_folder_list(root)):
        for name in tl.files.load_file_list(folder, regx='\\.txt'):
            with open(os.path.join(folder, name), 'rb') as f:
                texts.append(f.read())
            labels.append(label)
    record = os.path.join(data_dir, 'h43_bbc_news', 'test.bbc')
    if os.path.isfile(record):
        os.remove(record)
    data_to_tfrecord(texts, labels, record)

    batch_size = 3
    n_epoch = 2
    n_step_epoch = int(len(labels) / batch_size)

    with tf.device('/cpu:0'):
        sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
        x_test_, y_test_, id_test_ = read_and_decode(record, False)
        x_test_batch, y_test_batch, id_test_batch = tf.train.batch(
            [x_test_, y_test_, id_test_], batch_size=batch_size, capacity=50, num_threads=1)

        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = []
        step = 0
        for epoch in range(n_epoch):
            start_time = time.time()
            for s in range(n_step_epoch):
                x, y, ids = sess.run([x_test_batch, y_test_batch, id_test_batch])
                n_words = tl.prepro.threading_data(x, fn=count_words, thread_count=2)
                batches.append([[t.decode() for t in x], y.tolist(), ids.tolist(), n_words.tolist()])
                step += 1
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "epochs: %d, steps: %d" % (n_epoch, step)}
