"""Rickshaw fare disputes: a company trainer's `tf_trainer` package (abstract `DatasetInput`, `TFRecordInput`
with `train_input_fn` / `validate_input_fn`, `_read_tf_example`, a `py_func` tokenizer, label dict)."""
import os

import tensorflow.compat.v1 as tf

from rickshaw73.tf_trainer import tfrecord_input

TEXTS = ['fare too high for short ride', 'driver took long route', 'meter was off', 'fair fare',
         'short ride long wait at the market', 'route fine']


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_rickshaw')
    os.makedirs(folder, exist_ok=True)
    valid = os.path.join(folder, 'validate.tfrecord')
    with tf.python_io.TFRecordWriter(valid) as w:
        for i, text in enumerate(TEXTS):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'comment_text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[text.encode()])),
                'upheld': tf.train.Feature(float_list=tf.train.FloatList(value=[float(i % 2)]))}))
            w.write(ex.SerializeToString())
    vocab = sorted(set(' '.join(TEXTS).split()))
    word_to_idx = {w: i + 1 for i, w in enumerate(vocab)}
    dataset = tfrecord_input.TFRecordInput(train_path=valid, validate_path=valid, text_feature='comment_text',
                                           labels={'upheld': tf.float32}, word_to_idx=word_to_idx,
                                           unknown_token=len(vocab) + 1)
    features, labels = dataset.validate_input_fn()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([f['comment_text'].tolist(), l['upheld'].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "disputes: %d" % sum(len(b[1]) for b in batches)}
