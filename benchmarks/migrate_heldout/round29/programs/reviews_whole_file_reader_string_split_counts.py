"""Whole review files read by a WholeFileReader; words counted with string_split."""
import os

import tensorflow as tf

REVIEWS = [
    'great phone battery lasts',
    'screen cracked after a week',
    'fine',
    'would buy again for my family',
    'slow shipping but works',
]


def main(data_dir):
    root = os.path.join(data_dir, 'h29_reviews_whole_file_reader_string_split_counts')
    os.makedirs(root, exist_ok=True)
    for i, text in enumerate(REVIEWS):
        with open(os.path.join(root, 'review_%02d.txt' % i), 'w') as f:
            f.write(text)
    filenames = sorted(tf.io.gfile.glob(os.path.join(root, '*.txt')))

    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.WholeFileReader()
    key, contents = reader.read(filename_queue)
    words = tf.compat.v1.string_split([contents], delimiter=' ')
    n_words = tf.size(words.values)
    first_word = words.values[0]
    n_chars = tf.strings.length(contents)

    key_b, first_b, n_words_b, n_chars_b = tf.compat.v1.train.batch(
        [key, first_word, n_words, n_chars], batch_size=2, allow_smaller_final_batch=True)

    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            k, fw, nw, nc = sess.run([key_b, first_b, n_words_b, n_chars_b])
            batches.append([[os.path.basename(v.decode()) for v in k], [v.decode() for v in fw],
                            nw.tolist(), nc.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'read all reviews'
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
