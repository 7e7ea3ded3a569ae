"""Translation-style input: a source file and a target file read line by line in lockstep (two producers, two
`TextLineReader`s), both tokenised, the target given start/end symbols, padded by `train.batch(dynamic_pad=True)`.

`make_input_fn(mode, ...)` returns an `input_fn` closure, called later by a small estimator-like `train` loop.
"""

import os

import tensorflow.compat.v1 as tf

SOS_ID = 1
EOS_ID = 2


class ModeKeys(object):
    TRAIN = "train"
    EVAL = "eval"


def write_parallel_corpus(data_dir):
    out_dir = os.path.join(data_dir, "h15_seq2seq_parallel")
    os.makedirs(out_dir, exist_ok=True)
    src_path = os.path.join(out_dir, "train.src")
    tgt_path = os.path.join(out_dir, "train.tgt")
    with open(src_path, "w") as src, open(tgt_path, "w") as tgt:
        for i in range(23):
            n_src = 2 + i % 5
            n_tgt = 1 + (i * 3) % 4
            src.write(" ".join(str(10 + (i + k) % 40) for k in range(n_src)) + "\n")
            tgt.write(" ".join(str(50 + (2 * i + k) % 30) for k in range(n_tgt)) + "\n")
    return src_path, tgt_path


def _tokenize(line):
    tokens = tf.string_split([line], delimiter=" ").values
    return tf.string_to_number(tokens, out_type=tf.int32)


def make_input_fn(mode, source_file, target_file, batch_size, num_threads=1):
    def input_fn():
        num_epochs = None if mode == ModeKeys.TRAIN else 1
        source_queue = tf.train.string_input_producer([source_file], num_epochs=num_epochs, shuffle=False)
        target_queue = tf.train.string_input_producer([target_file], num_epochs=num_epochs, shuffle=False)
        source_reader = tf.TextLineReader()
        target_reader = tf.TextLineReader()
        _, source_line = source_reader.read(source_queue)
        _, target_line = target_reader.read(target_queue)

        source = _tokenize(source_line)
        target = _tokenize(target_line)
        target_input = tf.concat([[SOS_ID], target], axis=0)
        target_output = tf.concat([target, [EOS_ID]], axis=0)

        source_batch, source_len, target_in, target_out, target_len = tf.train.batch(
            [source, tf.size(source), target_input, target_output, tf.size(target_output)],
            batch_size=batch_size, num_threads=num_threads, capacity=4 * batch_size, dynamic_pad=True,
            allow_smaller_final_batch=True)
        features = {"source": source_batch, "source_length": source_len}
        labels = {"target_input": target_in, "target_output": target_out, "target_length": target_len}
        return features, labels

    return input_fn


def train(input_fn):
    features, labels = input_fn()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                batch = {k: v.tolist() for k, v in f.items()}
                batch.update({k: v.tolist() for k, v in l.items()})
                batches.append(batch)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return batches, end


def main(data_dir):
    src_path, tgt_path = write_parallel_corpus(data_dir)
    eval_input_fn = make_input_fn(ModeKeys.EVAL, src_path, tgt_path, batch_size=6)
    batches, end = train(eval_input_fn)
    return {"batches": batches, "end": end}
