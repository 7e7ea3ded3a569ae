"""A loader function whose mode batches the decoded pair in one branch and reads it one pair per run in the other
(a stereo loader's train/test modes); `tensorflow.compat.v1`, the unbatched branch stacks the pair."""

import glob
import os

import tensorflow.compat.v1 as tf


def load_pairs(data_dir, mode, batch_size=3):
    files = sorted(glob.glob(os.path.join(data_dir, 'fixed-*.bin')))
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, raw = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4).read(queue)
    record = tf.decode_raw(raw, tf.int32)
    left, right = record[0] * 10, record[1] + 1
    if mode == 'train':
        flip = tf.equal((left + right) % 2, 1)
        left_out = tf.where(flip, right, left)
        lefts, rights = tf.train.batch([left_out, right], batch_size, allow_smaller_final_batch=True)
    else:
        lefts = tf.stack([left, right, left - right], 0)
        rights = tf.reverse(lefts, [0])
    return lefts, rights


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append([a.tolist() for a in sess.run(fetch)])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    mode = 'unrelated'  # the same name in another scope
    train = load_pairs(data_dir, 'train')
    test = load_pairs(data_dir, mode='test')
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batched, end = _drain(sess, train)
        single, end2 = _drain(sess, test)
        coord.request_stop()
        coord.join(threads)
    return {'batches': batched + single, 'end': end if end == end2 else None, 'mode': mode}
