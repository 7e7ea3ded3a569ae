"""SMS spam filter: the queue batch goes through `tf.placeholder_with_default`, so training reads the queue and a
later check feeds hand-written messages into the same placeholders (no dequeue then)."""

import os

import tensorflow.compat.v1 as tf

MESSAGES = [
    ("ham", "are we still on for lunch"), ("spam", "WIN a free cruise now"), ("ham", "call me when you land"),
    ("spam", "claim your prize today"), ("ham", "the meeting moved to three"), ("ham", "thanks for the notes"),
    ("spam", "free entry in a weekly draw"), ("ham", "see you at the station"), ("spam", "you have won a voucher"),
    ("ham", "can you pick up milk"), ("ham", "running ten minutes late"), ("spam", "urgent: your prize awaits"),
    ("ham", "happy birthday mum"), ("spam", "txt WIN to enter"), ("ham", "did the parcel arrive"),
    ("ham", "ok see you then"), ("spam", "free ringtones for you"), ("ham", "what time is dinner"),
    ("spam", "congratulations you are a winner"), ("ham", "lecture notes are online"),
    ("ham", "bring the charger please"), ("spam", "limited offer win cash"), ("ham", "good luck tomorrow"),
]


def write_messages(data_dir):
    out_dir = os.path.join(data_dir, "h19_spam_placeholder_with_default_feed")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "SMSSpamCollection")
    with open(path, "w") as f:
        for kind, text in MESSAGES:
            f.write("%s\t%s\n" % (kind, text))
    return path


def input_pipeline(path, batch_size, num_epochs):
    filename_queue = tf.train.string_input_producer([path], num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    kind, text = tf.decode_csv(line, record_defaults=[[""], [""]], field_delim="\t")
    label = tf.cast(tf.equal(kind, "spam"), tf.int64)
    return tf.train.batch([text, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    text_batch, label_batch = input_pipeline(write_messages(data_dir), batch_size=6, num_epochs=1)

    # the model reads the queue unless something is fed
    texts = tf.placeholder_with_default(text_batch, shape=[None], name="texts")
    labels = tf.placeholder_with_default(label_batch, shape=[None], name="labels")
    lowered = tf.strings.lower(texts)
    n_chars = tf.strings.length(texts)
    flagged = tf.strings.regex_full_match(lowered, ".*(free|win|prize).*")
    hits = tf.reduce_sum(tf.cast(tf.equal(tf.cast(flagged, tf.int64), labels), tf.int32))

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                texts_v, labels_v, n_v, flagged_v, hits_v = sess.run([texts, labels, n_chars, flagged, hits])
                batches.append([[t.decode() for t in texts_v], labels_v.tolist(), n_v.tolist(), flagged_v.tolist(),
                                int(hits_v)])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
        # a validation step with fed messages: the placeholders take the feed, the queue is not touched
        n_v, flagged_v, hits_v = sess.run([n_chars, flagged, hits], feed_dict={
            texts: ["FREE tickets, win big", "see you at lunch"], labels: [1, 0]})
    return {"batches": batches, "end": [n_v.tolist(), flagged_v.tolist(), int(hits_v)]}
