"""Tweet sentiment TSV (label, text): regex_replace of handles and links, lower-cased, words counted, batch of 3."""
import os

import tensorflow.compat.v1 as tf

TWEETS = [(1, "Loving the new phone @shop http://t.co/x"), (0, "worst delay ever @air"),
          (1, "sunny day at the beach"), (0, "my order never came http://t.co/y"),
          (1, "great game tonight"), (0, "rain again"), (1, "thanks @friend for the gift"), (0, "so tired")]


def main(data_dir):
    out = os.path.join(data_dir, "h36_tweets")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "tweets.tsv")
    with open(path, "w") as f:
        for label, text in TWEETS:
            f.write("%d\t%s\n" % (label, text))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    label, text = tf.decode_csv(line, record_defaults=[[0], [""]], field_delim="\t")
    text = tf.regex_replace(text, "@\\w+", "")
    text = tf.regex_replace(text, "http://\\S+", "")
    text = tf.strings.lower(tf.strings.strip(text))
    n_words = tf.size(tf.string_split([text]).values)
    text_b, label_b, n_b = tf.train.batch([text, label, n_words], batch_size=3, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                t, l, n = sess.run([text_b, label_b, n_b])
                batches.append([[x.decode() for x in t], l.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "tweets: %d" % sum(len(b[1]) for b in batches)}
