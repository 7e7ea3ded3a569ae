"""News topic classification: headlines in a CSV whose quoted fields hold commas (`use_quote_delim`), cleaned with
`strings.lower` + `regex_replace`; the list handed to the batch is grown with `.append` as the options ask."""

import collections
import os

import tensorflow.compat.v1 as tf

Options = collections.namedtuple("Options", "batch_size with_length with_first_word num_epochs")

HEADLINES = [
    ("Markets, banks RALLY again", "business"), ("Cup final: 3-1!", "sport"), ("New phone, old tricks", "tech"),
    ("Rain, wind and more rain", "weather"), ("Central bank holds rates", "business"),
    ("Team wins, fans cheer", "sport"), ("Chip makers, AI boom", "tech"), ("Storm warning issued", "weather"),
    ("Oil prices fall", "business"), ("Record-breaking marathon", "sport"), ("Robots, jobs, and you", "tech"),
]


def write_headlines(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "headlines.csv")
    with open(path, "w") as f:
        for i, (title, topic) in enumerate(HEADLINES):
            f.write('%d,"%s",%s\n' % (i, title, topic))
    return path


def clean(title):
    text = tf.strings.lower(title)
    text = tf.regex_replace(text, "[^a-z ]", "")
    return tf.regex_replace(text, " +", " ")


def build_batch(path, options):
    queue = tf.train.string_input_producer([path], num_epochs=options.num_epochs, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    doc_id, title, topic = tf.decode_csv(line, [[0], [""], [""]], use_quote_delim=True)
    text = clean(title)
    words = tf.string_split([text], delimiter=" ").values
    tensors = [doc_id, text, topic]
    if options.with_length:
        tensors.append(tf.size(words))
    if options.with_first_word:
        tensors.append(words[0])
    return tf.train.batch(tensors, batch_size=options.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    path = write_headlines(os.path.join(data_dir, "h17_news_quoted_csv_append_list"))
    options = Options(batch_size=4, with_length=True, with_first_word=True, num_epochs=2)
    batch = build_batch(path, options)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append([[v.decode() if isinstance(v, bytes) else v for v in column.tolist()]
                                for column in values])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
