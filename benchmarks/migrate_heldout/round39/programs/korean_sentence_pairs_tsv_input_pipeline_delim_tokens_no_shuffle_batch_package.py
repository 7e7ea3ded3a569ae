# -*- coding: utf-8 -*-
"""Korean sentence / spacing pairs from a TSV file through nlp39_lib's input_pipeline (shuffle off)."""
import os

from nlp39_lib import config
from nlp39_lib.tensorflow_util.input_pipeline import read_all

PAIRS = [
    (u'아버지가방에들어가신다', u'아버지가 방에 들어가신다'),
    (u'오늘날씨가좋다', u'오늘 날씨가 좋다'),
    (u'나는학교에간다', u'나는 학교에 간다'),
    (u'밥을먹었다', u'밥을 먹었다'),
    (u'책을읽는다', u'책을 읽는다'),
    (u'비가온다', u'비가 온다'),
    (u'친구를만났다', u'친구를 만났다'),
    (u'커피를마신다', u'커피를 마신다'),
    (u'음악을듣는다', u'음악을 듣는다'),
]


def main(data_dir):
    sample_dir = config.set_sample_data_dir(os.path.join(data_dir, 'h39_korean_sentence_pairs'))
    path = os.path.join(sample_dir, 'spacing.train.tsv')
    with open(path, 'w', encoding='utf-8') as f:
        for a, b in PAIRS:
            f.write(u'%s\t%s\n' % (a, b))

    batches = read_all([path], batch_size=3, shuffle=False)
    return {"batches": batches, "end": "pairs: %d" % sum(len(b[0]) for b in batches)}
