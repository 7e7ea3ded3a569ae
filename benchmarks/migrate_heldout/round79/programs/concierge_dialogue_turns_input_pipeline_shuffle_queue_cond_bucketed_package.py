"""Hotel-concierge dialogue turns (guest request -> concierge reply, as token-id SequenceExamples) through a
chatbot `InputPipeline` class: one TFRecordReader per split, a RandomShuffleQueue of raw records filled by a
four-thread QueueRunner, `parse_single_sequence_example` after the dequeue, padded bucketed batching, and
`tf.cond` on an `active_data` switch picking the train or valid batch for the encoder / decoder inputs.
Both splits' batches are dequeued by every step (the cond's inputs); the train split ends first."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from concierge79.input_pipeline import InputPipeline


def _write(path, n, rng):
    with tf.python_io.TFRecordWriter(path) as w:
        for _ in range(n):
            enc = rng.randint(4, 40, size=rng.randint(2, 6)).tolist()
            dec = rng.randint(4, 40, size=rng.randint(1, 5)).tolist()
            ex = tf.train.SequenceExample()
            ex.context.feature['encoder_sequence_length'].int64_list.value.append(len(enc))
            ex.context.feature['decoder_sequence_length'].int64_list.value.append(len(dec))
            for t in enc:
                ex.feature_lists.feature_list['encoder_sequence'].feature.add().int64_list.value.append(t)
            for t in dec:
                ex.feature_lists.feature_list['decoder_sequence'].feature.add().int64_list.value.append(t)
            w.write(ex.SerializeToString())


def _strip(row):
    row = list(row)
    while row and row[-1] == 0:
        row.pop()
    return row


def main(data_dir):
    d = os.path.join(data_dir, 'h79_concierge')
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(79)
    paths = {'train_tfrecords': os.path.join(d, 'train.tfrecords'),
             'valid_tfrecords': os.path.join(d, 'valid.tfrecords')}
    _write(paths['train_tfrecords'], 12, rng)
    _write(paths['valid_tfrecords'], 15, rng)
    tf.set_random_seed(79)

    pipeline = InputPipeline(paths, batch_size=3)
    encoder_inputs = pipeline.encoder_inputs
    decoder_inputs = pipeline.decoder_inputs
    lengths = pipeline._train_lengths

    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                enc, dec, lens = sess.run([encoder_inputs, decoder_inputs, lengths])
                out.append([[_strip(r) for r in enc.tolist()], [_strip(r) for r in dec.tolist()], lens.tolist()])
        except tf.errors.OutOfRangeError:
            print('train split exhausted')
        finally:
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=5)
    return {"batches": out, "end": "dialogue turns: %d" % sum(len(b[0]) for b in out)}
