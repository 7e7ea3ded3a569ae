# Bagel-shop customer chat response selection (dual encoder), after dennybritz's chatbot-retrieval `udc_inputs.py`
# (several copies found): `get_feature_columns(mode)` of `real_valued_column`s with distractors only in EVAL,
# `create_input_fn(mode, input_files, batch_size, num_epochs)` returning an `input_fn` that parses through
# `read_batch_features(..., randomize_input=True, name="read_batch_features_{}".format(mode))`, the "ugly hack"
# epochs variable in TRAIN, a zero target in EVAL. The contrib pieces are a stand-in package (`tf_contrib`).
import os

import numpy as np
import tensorflow.compat.v1 as tf

from bagel69_udc import udc_inputs
from bagel69_udc import tf_contrib

VOCAB = ["<pad>", "plain", "sesame", "everything", "toasted", "cream", "cheese", "lox", "please", "two",
         "one", "with", "butter", "coffee", "thanks", "sure"]


def _ids(rng):
    n = rng.randint(2, udc_inputs.TEXT_FEATURE_SIZE + 1)
    ids = list(rng.randint(1, len(VOCAB), size=n)) + [0] * (udc_inputs.TEXT_FEATURE_SIZE - n)
    return ids, n


def _write_validation(path):
    rng = np.random.RandomState(69)
    with tf.python_io.TFRecordWriter(path) as w:
        for _ in range(9):
            feature = {}
            for key in ["context", "utterance", "distractor_0", "distractor_1"]:
                ids, n = _ids(rng)
                feature[key] = tf.train.Feature(int64_list=tf.train.Int64List(value=ids))
                feature[key + "_len"] = tf.train.Feature(int64_list=tf.train.Int64List(value=[n]))
            w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def main(data_dir):
    out = os.path.join(data_dir, "h69_bagelchat")
    os.makedirs(out, exist_ok=True)
    validation_file = os.path.join(out, "validation.tfrecords")
    _write_validation(validation_file)

    input_fn_eval = udc_inputs.create_input_fn(
        mode=tf_contrib.learn.ModeKeys.EVAL,
        input_files=[validation_file],
        batch_size=3,
        num_epochs=1)
    features, target = input_fn_eval()

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, t = sess.run([features, target])
                batches.append([[" ".join(VOCAB[i] for i in row if i) for row in f["context"]],
                                f["utterance_len"][:, 0].tolist(),
                                f["distractor_0"].tolist(), f["distractor_1_len"][:, 0].tolist(),
                                t[:, 0].tolist()])
        except tf.errors.OutOfRangeError:
            print("evaluation done")
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "dialogues: %d" % sum(len(b[0]) for b in batches)}
