import tensorflow.compat.v1 as tf


def input_fn(input_lines, batch_size=None, shuffle=False, num_epochs=1, num_threads=1, max_len=6):
    """Process 1D string tensor input_lines into an input pipeline."""

    def split_string(s, delimiter):
        """Split a single string tensor s into multiple string tokens by delimiter."""
        return tf.string_split([s], delimiter).values

    def pad_tokens(pre, tokens, post):
        """Add pre-token and post-token to a list of tokens."""
        return tf.concat(([pre], tokens, [post]), axis=0)

    def decode_word(word, max_len):
        """Convert string tensor word into a list of encoding bytes zero-padded up to max_len."""
        w_bytes = tf.concat(([1], tf.decode_raw(word, tf.uint8), [2]), axis=0)
        padded = tf.pad(w_bytes, [[0, max_len - tf.shape(w_bytes)[0]]])
        return tf.reshape(padded, [max_len])

    line = tf.train.slice_input_producer([input_lines], shuffle=shuffle, num_epochs=num_epochs)[0]
    tokens = pad_tokens('<s>', split_string(line, ' '), '</s>')
    chars = tf.map_fn(lambda w: decode_word(w, max_len), tokens, dtype=tf.uint8)
    length = tf.shape(tokens)[0]
    return tf.train.batch([tokens, chars, length], batch_size=batch_size, num_threads=num_threads,
                          dynamic_pad=True)
