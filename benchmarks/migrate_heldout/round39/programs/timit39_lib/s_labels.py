"""Converts transcriptions to integer label sequences and back."""
import numpy as np

# index 0 is the space, then a-z; the apostrophe is the last class.
_CHARS = " abcdefghijklmnopqrstuvwxyz'"


class LabelManager(object):
    def __init__(self):
        self._map = {c: i for i, c in enumerate(_CHARS)}

    def num_classes(self):
        return len(_CHARS) + 1  # + CTC blank

    def ctoi(self, char):
        return self._map[char]

    def itoc(self, index):
        return _CHARS[index]

    def encode(self, text):
        if isinstance(text, bytes):
            text = text.decode('utf-8')
        return np.array([self.ctoi(c) for c in text.lower().strip()], dtype=np.int32)

    def decode(self, ids):
        return ''.join(self.itoc(int(i)) for i in ids)
