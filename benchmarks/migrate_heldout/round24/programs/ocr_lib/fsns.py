"""A tiny FSNS-like split: street-sign crops with two views side by side, fixed-length char ids."""
import collections
import glob
import os
import struct
import zlib

import tensorflow.compat.v1 as tf

DEFAULT_CONFIG = {
    'name': 'FSNS-tiny',
    'splits': {'train': {'size': 6, 'pattern': 'train-*'}},
    'charset_filename': 'charset.txt',
    'image_shape': (6, 8, 1),
    'num_of_views': 2,
    'max_sequence_length': 4,
    'null_code': 0,
}

Dataset = collections.namedtuple(
    'Dataset', ['data_sources', 'num_samples', 'charset', 'num_char_classes', 'max_sequence_length',
                'null_code', 'image_shape', 'num_of_views'])

WORDS = ['RUE', 'AV', 'QUAI', 'PL', 'BD', 'IMP']
CHARS = '<nul>ABDEILMPQRUV'


def _png(rows):
    raw = b''.join(b'\x00' + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))

    head = struct.pack('>IIBBBBB', len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', head) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')


def write_split(dataset_dir, config=DEFAULT_CONFIG):
    os.makedirs(dataset_dir, exist_ok=True)
    with open(os.path.join(dataset_dir, config['charset_filename']), 'w') as f:
        f.write('0\t<nul>\n')
        for code, ch in enumerate(CHARS[5:], start=1):
            f.write('%d\t%s\n' % (code, ch))
    codes = {ch: i for i, ch in enumerate(CHARS[5:], start=1)}
    h, w, _ = config['image_shape']
    for shard in range(2):
        path = os.path.join(dataset_dir, 'train-%05d-of-00002' % shard)
        with tf.python_io.TFRecordWriter(path) as writer:
            for k in range(3):
                n = shard * 3 + k
                word = WORDS[n]
                ids = [codes[c] for c in word]
                padded = ids + [config['null_code']] * (config['max_sequence_length'] - len(ids))
                pixels = [[(n * 20 + r * 7 + c * 3) % 256 for c in range(w)] for r in range(h)]
                feats = {
                    'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png(pixels)])),
                    'image/format': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'PNG'])),
                    'image/class': tf.train.Feature(int64_list=tf.train.Int64List(value=padded)),
                    'image/unpadded_class': tf.train.Feature(int64_list=tf.train.Int64List(value=ids)),
                    'image/text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[word.encode()])),
                }
                writer.write(tf.train.Example(features=tf.train.Features(feature=feats)).SerializeToString())


def read_charset(filename, null_character=u'\u2591'):
    charset = {}
    with open(filename) as f:
        for line in f:
            code, char = line.rstrip('\n').split('\t')
            charset[int(code)] = null_character if char == '<nul>' else char
    return charset


def get_split(split_name, dataset_dir, config=None):
    if not config:
        config = DEFAULT_CONFIG
    if split_name not in config['splits']:
        raise ValueError('split name %s was not recognized.' % split_name)
    charset = read_charset(os.path.join(dataset_dir, config['charset_filename']))
    pattern = os.path.join(dataset_dir, config['splits'][split_name]['pattern'])
    return Dataset(
        data_sources=sorted(glob.glob(pattern)),
        num_samples=config['splits'][split_name]['size'],
        charset=charset,
        num_char_classes=len(charset),
        max_sequence_length=config['max_sequence_length'],
        null_code=config['null_code'],
        image_shape=config['image_shape'],
        num_of_views=config['num_of_views'])
