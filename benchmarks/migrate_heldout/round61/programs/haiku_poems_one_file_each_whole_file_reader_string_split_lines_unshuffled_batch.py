# 俳句ファイルを WholeFileReader で読んでみる (ブログ用サンプル)
import os
import tensorflow.compat.v1 as tf

HAIKU = [
    "furu ike ya\nkawazu tobikomu\nmizu no oto",
    "shizukasa ya\niwa ni shimiiru\nsemi no koe",
    "natsukusa ya\ntsuwamonodomo ga\nyume no ato",
    "samidare wo\natsumete hayashi\nmogamigawa",
    "uki ware wo\nsabishigarase yo\nkankodori",
    "akikaze ya\nyabure shoji no\nfuji no yama",
]


def main(data_dir):
    folder = os.path.join(data_dir, 'h61_haiku')
    os.makedirs(folder, exist_ok=True)
    files = []
    for i, h in enumerate(HAIKU):
        p = os.path.join(folder, 'ku%02d.txt' % i)
        with open(p, 'w') as f:
            f.write(h + "\n")
        files.append(p)

    # ファイル名のキュー
    filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    lines = tf.string_split([tf.strings.strip(value)], delimiter="\n")
    kigo = lines.values[0]
    n_lines = tf.shape(lines.values)[0]
    n_chars = tf.strings.length(tf.strings.regex_replace(value, "[ \n]", ""))
    name = tf.strings.regex_replace(key, ".*/", "")

    name_b, kigo_b, lines_b, chars_b = tf.train.batch([name, kigo, n_lines, n_chars], batch_size=2)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, k, l, c = sess.run([name_b, kigo_b, lines_b, chars_b])
                batches.append([[s.decode() for s in n], [s.decode() for s in k], l.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "ku: %d" % (2 * len(batches))}
