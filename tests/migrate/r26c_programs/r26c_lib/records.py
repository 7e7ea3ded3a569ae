"""Writes dialogue turns as SequenceExamples: context (dialog id, act label, length), a token feature list."""
import tensorflow as tf

CONTEXT_FEATURES = {
    "dialog_id": tf.io.FixedLenFeature([], dtype=tf.int64),
    "act": tf.io.FixedLenFeature([], dtype=tf.int64),
    "length": tf.io.FixedLenFeature([], dtype=tf.int64),
}
SEQUENCE_FEATURES = {
    "tokens": tf.io.FixedLenSequenceFeature([], dtype=tf.int64),
    "speaker": tf.io.FixedLenSequenceFeature([], dtype=tf.int64),
}


def make_sequence_example(dialog_id, act, tokens):
    ex = tf.train.SequenceExample()
    ex.context.feature["dialog_id"].int64_list.value.append(dialog_id)
    ex.context.feature["act"].int64_list.value.append(act)
    ex.context.feature["length"].int64_list.value.append(len(tokens))
    fl_tokens = ex.feature_lists.feature_list["tokens"]
    fl_speaker = ex.feature_lists.feature_list["speaker"]
    for i, token in enumerate(tokens):
        fl_tokens.feature.add().int64_list.value.append(token)
        fl_speaker.feature.add().int64_list.value.append(i % 2)
    return ex


def write_records(path, num_dialogs):
    with tf.io.TFRecordWriter(path) as writer:
        for d in range(num_dialogs):
            tokens = [(d * 3 + j) % 17 + 1 for j in range(1 + d % 5)]
            writer.write(make_sequence_example(d, d % 4, tokens).SerializeToString())
