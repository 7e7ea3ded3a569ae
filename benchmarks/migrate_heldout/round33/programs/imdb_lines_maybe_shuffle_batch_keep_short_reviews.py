"""Review lines `label<TAB>text`, word counts by string_split, tf.train.maybe_shuffle_batch keeping reviews of at most
six words (8 of 14 kept), num_epochs=1."""
import os

import tensorflow.compat.v1 as tf

MAX_WORDS = 6


def main(data_dir):
    folder = os.path.join(data_dir, "h33_imdb")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "reviews.tsv")
    words = "good bad plot actor scene boring great slow funny dull".split()
    with open(path, "w") as f:
        for i in range(14):
            n = 3 + (i * 5) % 7  # 3..9 words
            f.write("%d\t%s\n" % (i % 2, " ".join(words[(i + k) % 10] for k in range(n))))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    label, text = tf.decode_csv(line, [[0], [""]], field_delim="\t")
    num_words = tf.size(tf.string_split([text]).values)
    keep = tf.less_equal(num_words, MAX_WORDS)
    text_batch, label_batch, len_batch = tf.train.maybe_shuffle_batch(
        [text, label, num_words], batch_size=4, capacity=20, min_after_dequeue=2, keep_input=keep)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, l, n = sess.run([text_batch, label_batch, len_batch])
                batches.append([[s.decode() for s in t], l.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = "kept %d short reviews" % sum(len(b[1]) for b in batches)
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
