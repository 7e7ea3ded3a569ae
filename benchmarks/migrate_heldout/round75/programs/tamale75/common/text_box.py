"""Stand-in for the company's text front end: characters to ids."""


class TextProcessBox(object):
    def __init__(self, symbols='_ abcdefghijklmnopqrstuvwxyz'):
        self._ids = {c: i for i, c in enumerate(symbols)}

    def text_to_sequence(self, text):
        return [self._ids.get(c, 1) for c in text.lower()] + [0]
