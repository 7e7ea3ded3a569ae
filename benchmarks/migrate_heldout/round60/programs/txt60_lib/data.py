"""Vocab + Example objects for the summarisation batcher (pointer-generator style data.py)."""
PAD_TOKEN, UNKNOWN_TOKEN, START_DECODING, STOP_DECODING = "[PAD]", "[UNK]", "[START]", "[STOP]"


class Vocab(object):
    def __init__(self, words):
        self._word_to_id = {}
        for w in [PAD_TOKEN, UNKNOWN_TOKEN, START_DECODING, STOP_DECODING] + list(words):
            self._word_to_id[w] = len(self._word_to_id)

    def word2id(self, word):
        return self._word_to_id.get(word, self._word_to_id[UNKNOWN_TOKEN])


class Example(object):
    def __init__(self, article, abstract, vocab, hps):
        words = article.split()[:hps.max_enc_steps]
        self.enc_len = len(words)
        self.enc_input = [vocab.word2id(w) for w in words]
        dec = [vocab.word2id(START_DECODING)] + [vocab.word2id(w) for w in abstract.split()]
        self.dec_input = dec[:hps.max_dec_steps]
        while len(self.enc_input) < hps.max_enc_steps:
            self.enc_input.append(vocab.word2id(PAD_TOKEN))
        while len(self.dec_input) < hps.max_dec_steps:
            self.dec_input.append(vocab.word2id(PAD_TOKEN))
