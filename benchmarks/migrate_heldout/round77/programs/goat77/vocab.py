"""vocab.py of a small captioning / language model: `Vocabulary` built from a word-count file, with
`word_to_id` falling back to `<unk>`, in the shape of im2txt's `vocabulary.py` (from knowledge)."""


class Vocabulary(object):
    """Simple vocabulary wrapper."""

    def __init__(self, vocab_file, start_word="<S>", end_word="</S>", unk_word="<UNK>"):
        with open(vocab_file) as f:
            reverse_vocab = [line.split()[0] for line in f if line.strip()]
        for w in (start_word, end_word, unk_word):
            if w not in reverse_vocab:
                reverse_vocab.append(w)
        self._vocab = dict([(x, y) for (y, x) in enumerate(reverse_vocab)])
        self.start_id = self._vocab[start_word]
        self.end_id = self._vocab[end_word]
        self.unk_id = self._vocab[unk_word]

    def word_to_id(self, word):
        if word in self._vocab:
            return self._vocab[word]
        return self.unk_id
