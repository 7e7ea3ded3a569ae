"""Text classification input on an object with **lazy `@property` stages** (`filename_queue`, `table`,
`example`, `batch`, each built once and cached on `self`): tab-separated "label<TAB>text" lines written under
`data_dir/h14_text_vocab_property_pipeline/`, split with `string_split`, words mapped to ids by a
**`lookup.StaticHashTable`** built from a module-level vocabulary, `tf.train.batch(dynamic_pad=True)`;
`tables_initializer` in the session."""

import os

import tensorflow.compat.v1 as tf

VOCAB = ['<unk>', 'the', 'cat', 'sat', 'on', 'mat', 'dog', 'ran', 'far', 'away', 'a', 'red', 'ball']


def _write_corpus(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'sentences.tsv')
    words = VOCAB[1:] + ['zebra']
    with open(path, 'w') as f:
        for k in range(22):
            n = 2 + (k * 3) % 5
            sentence = ' '.join(words[(k * 5 + j * 7) % len(words)] for j in range(n))
            f.write('%d\t%s\n' % (k % 2, sentence))
    return path


class TextClassificationInput(object):

    def __init__(self, path, batch_size=4, num_epochs=1):
        self._path = path
        self._batch_size = batch_size
        self._num_epochs = num_epochs
        self._filename_queue = None
        self._table = None
        self._example = None
        self._batch = None

    @property
    def filename_queue(self):
        if self._filename_queue is None:
            self._filename_queue = tf.train.string_input_producer(
                [self._path], num_epochs=self._num_epochs, shuffle=False)
        return self._filename_queue

    @property
    def table(self):
        if self._table is None:
            initializer = tf.lookup.KeyValueTensorInitializer(
                tf.constant(VOCAB), tf.range(len(VOCAB), dtype=tf.int64))
            self._table = tf.lookup.StaticHashTable(initializer, default_value=0)
        return self._table

    @property
    def example(self):
        if self._example is None:
            reader = tf.TextLineReader()
            _, line = reader.read(self.filename_queue)
            parts = tf.string_split([line], delimiter='\t').values
            label = tf.string_to_number(parts[0], out_type=tf.int32)
            words = tf.string_split([parts[1]], delimiter=' ').values
            ids = self.table.lookup(words)
            self._example = (ids, tf.size(ids), label)
        return self._example

    @property
    def batch(self):
        if self._batch is None:
            self._batch = tf.train.batch(list(self.example), batch_size=self._batch_size,
                                         dynamic_pad=True, allow_smaller_final_batch=True)
        return self._batch


def main(data_dir):
    path = _write_corpus(os.path.join(data_dir, 'h14_text_vocab_property_pipeline'))
    inputs = TextClassificationInput(path, batch_size=4)
    word_ids, lengths, labels = inputs.batch

    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer(), tf.tables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                w, n, l = sess.run([word_ids, lengths, labels])
                batches.append([w.tolist(), n.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
