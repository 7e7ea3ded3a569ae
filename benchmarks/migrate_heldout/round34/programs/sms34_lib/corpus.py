"""SMS spam lines: `label<TAB>text`, four words a message."""
import os

MESSAGES = [
    ("ham", "see you at lunch"),
    ("spam", "win cash prize now"),
    ("ham", "call me when free"),
    ("spam", "claim your free ringtone"),
    ("ham", "running late sorry mate"),
]


def write_corpus(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "SMSSpamCollection")
    with open(path, "w") as f:
        for label, text in MESSAGES:
            f.write("%s\t%s\n" % (label, text))
    return path
