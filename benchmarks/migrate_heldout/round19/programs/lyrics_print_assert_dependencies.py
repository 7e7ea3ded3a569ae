"""Song lyrics, one line per record: the per-line code logs with `tf.Print`, checks its values with
`assert_positive` / `assert_non_negative` under `control_dependencies`, and guards a ratio with `check_numerics`."""

import os

import tensorflow.compat.v1 as tf

LINES = [
    (3, "the night is young and so are we"), (3, "we dance until the morning light"),
    (3, "hold on to me"), (7, "rain on the window"), (7, "thunder in my heart"),
    (7, "i keep on walking down this road"), (7, "no looking back"), (12, "sing it loud"),
    (12, "sing it like you mean it"), (12, "la la la"), (15, "home is where the fire burns"),
    (15, "carry me home"), (15, "through the snow and the cold"), (21, "one more time"),
]


def write_lyrics(data_dir):
    out_dir = os.path.join(data_dir, "h19_lyrics_print_assert_dependencies")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "lyrics.psv")
    with open(path, "w") as f:
        for song, text in LINES:
            f.write("%d|%s\n" % (song, text))
    return path


def parse_line(key, line):
    song_id, text = tf.decode_csv(line, record_defaults=[[0], [""]], field_delim="|")
    text = tf.Print(text, [key], message="lyric line ", first_n=2)
    words = tf.string_split([text]).values
    n_words = tf.size(words)
    with tf.control_dependencies([tf.assert_positive(n_words, message="empty lyric line"),
                                  tf.assert_non_negative(song_id, message="bad song id")]):
        n_words = tf.identity(n_words)
    length = tf.strings.length(text)
    ending = tf.strings.substr(text, tf.maximum(length - 2, 0), 2)
    density = tf.check_numerics(tf.cast(n_words, tf.float32) / tf.cast(length, tf.float32), "word density")
    return song_id, n_words, ending, density


def main(data_dir):
    queue = tf.train.string_input_producer([write_lyrics(data_dir)], num_epochs=1, shuffle=False)
    key, line = tf.TextLineReader().read(queue)
    song_id, n_words, ending, density = parse_line(key, line)
    batch = tf.train.batch([song_id, n_words, ending, density], batch_size=4, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                ids, counts, endings, densities = sess.run(batch)
                batches.append([ids.tolist(), counts.tolist(), [e.decode() for e in endings],
                                [round(float(d), 4) for d in densities]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(batches)}
