"""LibriSpeech-style utterances: SequenceExamples of MFCC frames with the transcript as a VarLen context feature,
batched by `tf.train.batch(dynamic_pad=True)` so the labels come out as a SparseTensor (package audio30_lib)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

import audio30_lib
from audio30_lib.preprocess import write_split



def main(data_dir):
    root = os.path.join(data_dir, "h30_librispeech")
    os.makedirs(root, exist_ok=True)
    write_split(os.path.join(root, "train-0.tfrecords"), audio30_lib.NUM_PER_EPOCH_FOR_TRAIN, 313)
    feats, labels, seq_lens = audio30_lib.inputs("train", root, batch_size=2)
    dense_labels = tf.sparse_tensor_to_dense(labels, default_value=-1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, sp, d, n = sess.run([feats, labels, dense_labels, seq_lens])
                batches.append({"feats": np.round(f, 3).tolist(), "label_indices": sp.indices.tolist(),
                                "label_values": sp.values.tolist(), "labels": d.tolist(), "seq_lens": n.tolist()})
        except tf.errors.OutOfRangeError:
            end = "finished %d utterances" % sum(len(b["seq_lens"]) for b in batches)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
