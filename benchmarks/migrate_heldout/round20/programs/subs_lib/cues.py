"""Per-line parsing of subtitle cues ("id|start|end|text"), kept apart from the pipeline."""

import tensorflow.compat.v1 as tf

CUE_DEFAULTS = [[0], [0.0], [0.0], [""]]


def parse_cue(line):
    cue_id, start, end, text = tf.decode_csv(line, CUE_DEFAULTS, field_delim="|", use_quote_delim=False)
    words = tf.string_split([text]).values
    return {
        "cue": tf.strings.join(["#", tf.as_string(cue_id, width=3, fill="0")]),
        "span": tf.strings.join([tf.as_string(start, precision=2), " --> ", tf.as_string(end, precision=2)]),
        "duration": end - start,
        "n_words": tf.size(words),
        "shout": tf.equal(text, tf.strings.upper(text)),
        "first_word": tf.strings.lower(words[0]),
    }
