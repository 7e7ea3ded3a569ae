"""Sitcom episode reviews (sentences of words per document line) and their star ratings (a second file, one label
a line) read in lock-step by two unshuffled one-epoch producers and two ``TextLineReader``s; each document is split
by ``sitcom80.han_data`` into a padded [sentences, words] matrix of vocabulary ids, the rating one-hot; a
one-thread ``train.batch(dynamic_pad=True)`` pads documents per batch; document and sentence lengths are counted
after the batch as in the source."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sitcom80 import han_data
from sitcom80 import lookup

DOCS = [
    "the laugh track never stops|&|great cast",
    "boring pilot|&|the jokes land late|&|skip it",
    "best episode of the season",
    "the cast shines|&|jokes land",
    "never again|&|the pilot was better",
    "great season finale|&|best jokes",
]


def _write(folder):
    rng = np.random.RandomState(5)
    with open(os.path.join(folder, 'documents.txt'), 'w') as f:
        f.write('\n'.join(DOCS) + '\n')
    with open(os.path.join(folder, 'labels.txt'), 'w') as f:
        f.write('\n'.join(str(rng.randint(0, 5)) for _ in DOCS) + '\n')
    docs = han_data.get_docs(os.path.join(folder, 'documents.txt'))
    words = sorted({w for d in docs for s in d for w in s} - {'skip'})
    with open(os.path.join(folder, 'words.txt'), 'w') as f:
        f.write('\n'.join([han_data.padding_token] + words) + '\n')


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_sitcom')
    os.makedirs(folder, exist_ok=True)
    _write(folder)
    vocab_file = os.path.join(folder, 'words.txt')
    data_file = os.path.join(folder, 'documents.txt')
    labels_file = os.path.join(folder, 'labels.txt')

    # Create lookup table to find words in the vocabulary
    words = lookup.index_table_from_file(vocab_file, num_oov_buckets=1)
    documents_queue = tf.train.string_input_producer([data_file], num_epochs=1, shuffle=False)
    labels_queue = tf.train.string_input_producer([labels_file], num_epochs=1, shuffle=False)
    _, document = tf.TextLineReader().read(documents_queue)
    _, label = tf.TextLineReader().read(labels_queue)
    label = han_data.one_hot_label(label)
    document = han_data.extract_sentences(document)
    document = han_data.extract_words(document)
    document = words.lookup(document)

    input_tensor, labels_tensor = tf.train.batch([document, label], batch_size=2, dynamic_pad=True)
    doc_lengths = tf.count_nonzero(tf.reduce_sum(input_tensor, axis=-1), axis=-1)
    sent_lengths = tf.count_nonzero(input_tensor, axis=-1)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.local_variables_initializer(), tf.tables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                docs, labels, doc_len, sent_len = sess.run([input_tensor, labels_tensor, doc_lengths,
                                                            sent_lengths])
                batches.append([docs.tolist(), labels.tolist(), doc_len.tolist(), sent_len.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "reviews: %d" % sum(len(b[1]) for b in batches)}
