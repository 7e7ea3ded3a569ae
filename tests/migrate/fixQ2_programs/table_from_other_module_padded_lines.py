"""Lines of words looked up in a vocabulary table made by another module's stand-in (`load_words`), in the
per-element code, then a padded `train.batch`; a plain session runs `tables_initializer()`."""
import os

import tensorflow.compat.v1 as tf

from q2lib.vocab import load_words, write_words

LINES = ["a cat sat", "the dog", "a dog ran far", "cats nap", "the cat and the dog", "sat"]


def main(data_dir):
    folder = os.path.join(data_dir, 'q2_words')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'lines.txt'), 'w') as f:
        f.write('\n'.join(LINES) + '\n')
    write_words(os.path.join(folder, 'vocab.txt'), ['<pad>', 'a', 'cat', 'dog', 'sat', 'the'])
    vocab = load_words(os.path.join(folder, 'vocab.txt'))
    names = tf.train.string_input_producer([os.path.join(folder, 'lines.txt')], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(names)
    ids = vocab.lookup(tf.string_split([line], ' ').values)
    count = tf.size(ids)
    ids_batch, counts = tf.train.batch([ids, count], batch_size=2, dynamic_pad=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(tf.tables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([ids_batch, counts])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "OutOfRangeError"}
