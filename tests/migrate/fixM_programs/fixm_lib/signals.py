"""The Morse signal files the fixM programs read: 16 lines over two CSV files (letter, dots, dashes, millis)."""
import os

LETTERS = {'A': '.-', 'E': '.', 'K': '-.-', 'N': '-.', 'O': '---', 'S': '...', 'T': '-', 'R': '.-.'}


def signal_files(data_dir, name):
    folder = os.path.join(data_dir, name)
    if not os.path.isdir(folder):
        os.makedirs(folder)
        for part, letters in (('signals_0.csv', 'SOSTEAKS'), ('signals_1.csv', 'NORTHEAS')):
            with open(os.path.join(folder, part), 'w') as f:
                for n, letter in enumerate(letters):
                    code = LETTERS.get(letter, '.')
                    f.write('%s,%d,%d,%d\n' % (letter, code.count('.'), code.count('-'), 60 * len(code) + n))
    return [os.path.join(folder, 'signals_%d.csv' % i) for i in range(2)]
