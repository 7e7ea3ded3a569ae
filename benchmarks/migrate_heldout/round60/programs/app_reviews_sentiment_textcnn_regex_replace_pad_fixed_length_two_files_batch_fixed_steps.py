"""TextCNN sentiment input over app-store reviews: 'label<TAB>text' lines, cleaned and padded in the graph."""
import os
import random

import tensorflow.compat.v1 as tf

SEQ_LEN = 6
VOCAB = ["<pad>", "<unk>", "crash", "love", "slow", "update", "great", "battery", "ads", "useless", "fast"]


def load_vocab_table():
    return tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant(VOCAB), tf.range(len(VOCAB), dtype=tf.int64)),
        default_value=1)


def clean_str(text):
    text = tf.strings.lower(text)
    text = tf.regex_replace(text, "[^a-z ]", " ")
    return tf.regex_replace(text, " +", " ")


def pad_to_length(ids, length):
    ids = ids[:length]
    return tf.pad(ids, [[0, length - tf.shape(ids)[0]]])


def get_batch(files, table, batch_size):
    producer = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(producer)
    parts = tf.string_split([line], "\t").values
    label = tf.string_to_number(parts[0], out_type=tf.int32)
    words = tf.string_split([clean_str(parts[1])]).values
    x = pad_to_length(table.lookup(words), SEQ_LEN)
    x.set_shape([SEQ_LEN])
    return tf.train.batch([x, label], batch_size=batch_size, num_threads=1)


def main(data_dir):
    folder = os.path.join(data_dir, "h60_app_reviews")
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(610)
    files = []
    for name in ("pos.tsv", "neg.tsv"):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            for _ in range(6):
                words = [rng.choice(VOCAB[2:] + ["Wow!!", "UI,"]) for _ in range(rng.randint(2, 9))]
                f.write("%d\t%s\n" % (1 if name == "pos.tsv" else 0, " ".join(words).upper() if rng.random() < .3 else " ".join(words)))
        files.append(path)
    table = load_vocab_table()
    x_batch, y_batch = get_batch(files, table, batch_size=4)
    sess = tf.Session()
    sess.run(tf.tables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    for _ in range(3):
        x, y = sess.run([x_batch, y_batch])
        batches.append([x.tolist(), y.tolist()])
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=5)
    sess.close()
    return {"batches": batches, "end": "reviews: %d" % sum(len(b[1]) for b in batches)}
