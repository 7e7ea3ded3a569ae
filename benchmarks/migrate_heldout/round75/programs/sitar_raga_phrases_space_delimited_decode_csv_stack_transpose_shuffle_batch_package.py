"""Sitar raga phrases (note ids and their tags on one space-separated line) read by a research repo's
`seq2seq_gpu/data_utils.py`: `_START_VOCAB` ids, a `config.ner_setting` for the length, `decode_csv` of
`max_document_length * 2` int columns, a four-thread `shuffle_batch` of the column list, `stack` + `transpose`
after the batch; the module's `__main__` loop kept as the driver."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sitar75.seq2seq_gpu import data_utils
from sitar75.seq2seq_gpu.config import ner_setting


def main(data_dir):
    out = os.path.join(data_dir, 'h75_sitar')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(44)
    text_path = os.path.join(out, 'raga_phrases.txt')
    with open(text_path, 'w') as f:
        for i in range(12):
            notes = [i + 10] + rng.randint(4, 40, ner_setting.max_document_length - 1).tolist()
            tags = rng.randint(0, 5, ner_setting.max_document_length).tolist()
            f.write(' '.join(str(v) for v in notes + tags) + '\n')
    ner_setting.test_data_path = text_path

    feature, label = data_utils.distorted_inputs([ner_setting.test_data_path], 3, num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            # while not coord.should_stop():
            while True:
                feature_val, label_val = sess.run([feature, label])
                batches.append([feature_val.tolist(), label_val.tolist()])
        except tf.errors.OutOfRangeError:
            print('Done reading')
        finally:
            coord.request_stop()

        coord.join(threads)
    return {"batches": batches, "end": "phrases: %d" % (3 * len(batches))}
