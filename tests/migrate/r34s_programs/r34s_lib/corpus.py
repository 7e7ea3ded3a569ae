"""The programs' data: `label<TAB>text` messages, and `id,a,b,c` rows."""
import os

MESSAGES = [
    ("ham", "see you at lunch"),
    ("spam", "win cash prize now"),
    ("ham", "call me when free"),
    ("spam", "claim your free ringtone"),
    ("ham", "running late sorry mate"),
    ("spam", "text stop to end"),
]

ODD = [  # 3 + 5 + 2 + 4 + 4 + 4 = 22 words
    ("ham", "on my way"),
    ("spam", "urgent you have won big"),
    ("ham", "ok thanks"),
    ("spam", "free entry weekly draw"),
    ("ham", "dinner at eight tonight"),
    ("spam", "reply yes for prizes"),
]


def write_messages(root, odd=False):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "messages.tsv")
    with open(path, "w") as f:
        for label, text in ODD if odd else MESSAGES:
            f.write("%s\t%s\n" % (label, text))
    return path


def write_rows(root, rows=8):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "rows.csv")
    with open(path, "w") as f:
        for r in range(rows):
            f.write("%d,%d,%d,%d\n" % (r, 10 * r + 1, 10 * r + 2, 10 * r + 3))
    return path


def drain(sess, tensors):
    """Every batch until the input ends, as lists of Python values."""
    import tensorflow.compat.v1 as tf

    batches = []
    try:
        while True:
            values = sess.run(tensors)
            batches.append([[x.decode() if isinstance(x, bytes) else int(x) for x in v] for v in values])
    except tf.errors.OutOfRangeError:
        pass
    return batches
