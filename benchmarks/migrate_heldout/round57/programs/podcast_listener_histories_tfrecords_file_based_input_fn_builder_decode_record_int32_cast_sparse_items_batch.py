import os

import tensorflow.compat.v1 as tf
import numpy as np

SHOWS = ["true_crime", "history", "comedy", "science", "football", "cooking", "news"]


def write_histories(path):
    rng = np.random.RandomState(9)
    with tf.io.TFRecordWriter(path) as writer:
        for user in range(10):
            n = 1 + user % 3
            items = rng.choice(len(SHOWS), size=n, replace=False).tolist()
            ex = tf.train.Example(features=tf.train.Features(feature={
                "user_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[1000 + user])),
                "item_ids": tf.train.Feature(int64_list=tf.train.Int64List(value=items))}))
            writer.write(ex.SerializeToString())


def file_based_input_fn_builder(input_files, is_training, vocab, batch_size):
    """Creates an `input_fn` closure to be passed to the estimator."""

    name_to_features = {
        "user_id": tf.FixedLenFeature([1], tf.int64),
        "item_ids": tf.VarLenFeature(tf.int64),
    }

    def _decode_record(record, name_to_features):
        """Decodes a record to a TensorFlow example."""
        example = tf.parse_single_example(record, name_to_features)

        # tf.Example only supports tf.int64, but the TPU only supports tf.int32.
        # So cast all int64 to int32.
        for name in list(example.keys()):
            t = example[name]
            if t.dtype == tf.int64:
                t = tf.to_int32(t)
            example[name] = t

        return example

    def input_fn(params):
        """The actual input function."""
        filename_queue = tf.train.string_input_producer(input_files, num_epochs=1, shuffle=is_training)
        reader = tf.TFRecordReader()
        _, record = reader.read(filename_queue)
        example = _decode_record(record, name_to_features)
        example["num_items"] = tf.size(example["item_ids"])
        example["item_ids"] = tf.SparseTensor(example["item_ids"].indices,
                                              tf.minimum(example["item_ids"].values, len(vocab) - 1),
                                              example["item_ids"].dense_shape)
        d = tf.train.batch(example, batch_size=params["batch_size"], num_threads=1,
                           allow_smaller_final_batch=True)
        return d

    return input_fn


def main(data_dir):
    folder = os.path.join(data_dir, "h57_podcast_listens")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "eval.tf_record")
    write_histories(path)
    input_fn = file_based_input_fn_builder([path], is_training=False, vocab=SHOWS, batch_size=4)
    features = input_fn({"batch_size": 4})
    items = tf.sparse_tensor_to_dense(features["item_ids"], default_value=-1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                u, it, n = sess.run([features["user_id"], items, features["num_items"]])
                batches.append([u.tolist(), it.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "listeners: %d" % sum(len(b[0]) for b in batches)}
