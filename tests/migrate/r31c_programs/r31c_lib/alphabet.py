ALPHABET = '0123456789ABCDEF'
CAPTCHA_SIZE = 4


def text_to_ids(text):
    return [ALPHABET.index(c) for c in text]


def ids_to_text(ids):
    return ''.join(ALPHABET[i] for i in ids)
