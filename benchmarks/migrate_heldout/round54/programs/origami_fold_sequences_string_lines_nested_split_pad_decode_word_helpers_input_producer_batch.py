import os

import tensorflow as tf


def input_fn(input_lines, batch_size=None, shuffle=False, num_epochs=1, num_threads=4):
    """Process 1D string tensor input_lines into an input pipeline."""

    def split_string(s, delimiter):
        """Split a single string tensor s into multiple string tokens by delimiter."""
        return tf.compat.v1.string_split([s], delimiter).values

    def pad_tokens(pre, tokens, post):
        """Add pre-token and pos-token to a list of tokens."""
        return tf.concat(([pre], tokens, [post]), axis=0)

    def decode_word(word, max_len):
        """Convert string tensor word into a list of encoding bytes zero-padded up to max_len."""
        w_bytes = tf.cast(tf.compat.v1.decode_raw(word, tf.uint8), tf.int32)
        w_bytes = tf.pad(w_bytes, [[0, max_len - tf.size(w_bytes)]])
        return tf.reshape(w_bytes, [max_len])

    line = tf.compat.v1.train.input_producer(input_lines, num_epochs=num_epochs, shuffle=shuffle).dequeue()
    tokens = pad_tokens("<s>", split_string(line, " "), "</s>")
    n_tokens = tf.size(tokens)
    first_fold = decode_word(tokens[1], 8)
    return tf.compat.v1.train.batch([line, n_tokens, first_fold], batch_size=batch_size,
                                    num_threads=num_threads)


def main(data_dir):
    out = os.path.join(data_dir, "h54_origami_folds")
    if not os.path.exists(out):
        os.makedirs(out)
    folds = ["valley", "mountain", "squash", "petal", "reverse", "sink", "crimp", "pleat", "rabbit"]
    with open(os.path.join(out, "crane_sequences.txt"), "w") as f:
        for i in range(9):
            f.write(" ".join(folds[(i + j) % 9] for j in range(i % 4 + 2)) + "\n")
    with open(os.path.join(out, "crane_sequences.txt")) as f:
        lines = [l.rstrip("\n") for l in f]

    line_b, n_b, fold_b = input_fn(tf.constant(lines), batch_size=3, num_threads=1)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                l, n, fb = sess.run([line_b, n_b, fold_b])
                batches.append([[x.decode() for x in l], n.tolist(), fb.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "fold sequences: %d" % sum(len(b[0]) for b in batches)}
