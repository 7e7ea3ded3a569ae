"""Two providers of the package's class in one function (train shuffled in a name scope, eval in order, its
items by a tuple), batched apart: eval's batches in order, train's elements each once."""
import os

import tensorflow.compat.v1 as tf

from r34d_lib import records
from r34d_lib.provider import DataProvider


def inputs(train_files, eval_files):
    label = lambda example: example["image/class/label"]
    with tf.name_scope("train"):
        train_provider = DataProvider(train_files, {"label": label}, shuffle=True, num_epochs=1,
                                      common_queue_capacity=6, common_queue_min=2)
        [train_label] = train_provider.get(["label"])
        train_labels = tf.train.batch([train_label], batch_size=3)
    eval_provider = DataProvider(eval_files, {"label": label, "name": lambda e: e["image/class/text"]},
                                 shuffle=False, num_epochs=1)
    eval_label, eval_name = eval_provider.get(("label", "name"))
    eval_labels, eval_names = tf.train.batch([eval_label, eval_name], batch_size=3)
    return train_labels, eval_labels, eval_names


def main(data_dir):
    train_files = records.write_shards(os.path.join(data_dir, "r34d_two_train"), shards=1)
    eval_files = records.write_shards(os.path.join(data_dir, "r34d_two_eval"), shards=1)
    train_labels, eval_labels, eval_names = inputs(train_files, eval_files)
    batches, seen = [], []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            for _ in range(2):
                a, b, c = sess.run([train_labels, eval_labels, eval_names])
                seen += a.tolist()
                batches.append([b.tolist(), [n.decode() for n in c]])
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches + [[sorted(seen)]], "end": "two steps"}
