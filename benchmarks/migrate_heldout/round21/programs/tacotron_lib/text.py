"""Text to symbol ids."""

import re

_whitespace_re = re.compile(r'\s+')
_letters = 'abcdefghijklmnopqrstuvwxyz'
_symbols = ['_', '~'] + list(_letters) + list(" '.,?!")
_symbol_to_id = {s: i for i, s in enumerate(_symbols)}


def basic_cleaners(text):
    '''Basic pipeline that lowercases and collapses whitespace without transliteration.'''
    text = text.lower()
    text = re.sub(_whitespace_re, ' ', text)
    return text


def text_to_sequence(text, cleaner_names):
    for name in cleaner_names:
        text = {'basic_cleaners': basic_cleaners}[name](text)
    sequence = [_symbol_to_id[s] for s in text if s in _symbol_to_id]
    # Append EOS token
    sequence.append(_symbol_to_id['~'])
    return sequence
