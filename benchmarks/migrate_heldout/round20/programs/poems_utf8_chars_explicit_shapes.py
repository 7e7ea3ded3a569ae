"""Classical poems, one line per record (title TAB line, UTF-8 Chinese): length and prefix counted in characters
(unit="UTF8_CHAR"), the first code point by unicode_decode; train.batch given its shapes explicitly."""

import io
import os

import tensorflow.compat.v1 as tf

POEMS = [
    ("静夜思", ["床前明月光", "疑是地上霜", "举头望明月", "低头思故乡"]),
    ("春晓", ["春眠不觉晓", "处处闻啼鸟", "夜来风雨声", "花落知多少"]),
    ("登鹳雀楼", ["白日依山尽", "黄河入海流", "欲穷千里目", "更上一层楼"]),
    ("江雪", ["千山鸟飞绝", "万径人踪灭", "孤舟蓑笠翁", "独钓寒江雪"]),
    ("相思", ["红豆生南国", "春来发几枝", "愿君多采撷", "此物最相思"]),
]


def write_corpus(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "poems.tsv")
    with io.open(path, "w", encoding="utf-8") as f:
        for title, lines in POEMS:
            for n, line in enumerate(lines):
                f.write(u"%s\t%s%s\n" % (title, line, u"，" if n % 2 == 0 else u"。"))
    return path


def main(data_dir):
    corpus = write_corpus(os.path.join(data_dir, "h20_poems"))
    queue = tf.train.string_input_producer([corpus], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    title, verse = tf.decode_csv(line, [[""], [""]], field_delim="\t")
    n_chars = tf.strings.length(verse, unit="UTF8_CHAR")
    n_bytes = tf.strings.length(verse)
    opening = tf.strings.substr(verse, 0, 2, unit="UTF8_CHAR")
    first_code = tf.strings.unicode_decode(verse, "UTF-8")[0]
    batch = tf.train.batch([title, opening, n_chars, n_bytes, first_code], batch_size=3,
                           shapes=[[], [], [], [], []], allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, o, c, nb, fc = sess.run(batch)
                batches.append([[x.decode("utf-8") for x in t], [x.decode("utf-8") for x in o], c.tolist(),
                                nb.tolist(), fc.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(batches)}
