# Espresso-machine review tagging (fastText-style), after an unnamed "Input feature columns and input_fn for
# models." module (a tensorflow_fasttext-like `inputs.py`: `BuildTextExample(text, label)`, `ParseSpec(
# include_target)` with a VarLen string 'text', `InputFn(mode, input_file, ..., batch_size, num_epochs=None,
# num_threads=1)` whose `input_fn` parses through `read_batch_features` and pops the label) and the model side that
# turns words and labels into ids with vocab / label files. `read_batch_features` is a stand-in (`learn_io`);
# the embedding sizes and n-gram hash arguments are dropped.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from espresso69_ft import inputs, learn_io

WORDS = ["crema", "bitter", "sour", "smooth", "grinder", "jams", "steam", "wand", "weak", "hot", "loud", "great"]
LABELS = ["taste", "hardware", "milk"]


def _lookup(path, default):
    return tf.lookup.StaticHashTable(
        tf.lookup.TextFileInitializer(path, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
                                      tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), default)


def main(data_dir):
    out = os.path.join(data_dir, "h69_espresso")
    os.makedirs(out, exist_ok=True)
    vocab_file, label_file = os.path.join(out, "vocab.txt"), os.path.join(out, "labels.txt")
    with open(vocab_file, "w") as f:
        f.write("\n".join(WORDS[:-1]) + "\n")  # 'great' is out of vocabulary
    with open(label_file, "w") as f:
        f.write("\n".join(LABELS) + "\n")
    input_file = os.path.join(out, "eval.tfrecords")
    rng = np.random.RandomState(69)
    with tf.python_io.TFRecordWriter(input_file) as w:
        for n in range(12):
            text = list(rng.choice(WORDS, size=rng.randint(1, 5)))
            w.write(inputs.BuildTextExample(text, LABELS[n % 3]).SerializeToString())

    input_fn = inputs.InputFn(learn_io.ModeKeys.EVAL, input_file, batch_size=4, num_epochs=1)
    features, label = input_fn()
    vocab_table = _lookup(vocab_file, -1)
    label_table = _lookup(label_file, -1)
    text_ids = tf.sparse_tensor_to_dense(
        tf.SparseTensor(features["text"].indices, vocab_table.lookup(features["text"].values),
                        features["text"].dense_shape), default_value=-2)
    label_ids = label_table.lookup(label)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer(), tf.tables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                ids, lab = sess.run([text_ids, label_ids])
                batches.append([[[int(i) for i in row if i != -2] for row in ids], lab.tolist()])
        except tf.errors.OutOfRangeError:
            print("eval input exhausted")
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "reviews: %d" % sum(len(b[1]) for b in batches)}
