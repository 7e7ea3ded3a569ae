"""Old Norse saga lines and their modern renderings: paths and token-id loading."""
import os

default_modern_train_path = 'sagas/train.modern.ids'
default_modern_dev_path = 'sagas/dev.modern.ids'
default_original_train_path = 'sagas/train.original.ids'
default_original_dev_path = 'sagas/dev.original.ids'


def read_ids(path):
    with open(path) as f:
        return [[int(t) for t in line.split()] for line in f]


def write_corpus(root, rng):
    os.makedirs(os.path.join(root, 'sagas'), exist_ok=True)
    for split, n in (('train', 6), ('dev', 3)):
        for side in ('modern', 'original'):
            with open(os.path.join(root, 'sagas', '%s.%s.ids' % (split, side)), 'w') as f:
                for i in range(n):
                    length = rng.randint(2, 6)
                    f.write(' '.join(str(v) for v in [i + 4] + rng.randint(4, 50, length - 1).tolist()) + '\n')
