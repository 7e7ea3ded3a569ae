"""Sentence vectors from image captions (skip-thoughts' input shape): a hand-built values queue (`FIFOQueue` of
serialized Examples, one reader, its runner added by `add_queue_runner`) made in a package module,
`dequeue_many(batch_size)` of serialized protos in the model class, `parse_example` of the batch with
`VarLenFeature`s, ids and masks by `sparse_tensor_to_dense` / `sparse_to_dense`, returned as namedtuples from a
generator expression; an endless producer and a fixed number of steps (the batches wrap into the next epoch)."""

import os

import tensorflow.compat.v1 as tf

from skipthoughts_lib import configuration
from skipthoughts_lib import skip_thoughts_model

CAPTIONS = [
    [3, 7, 2], [3, 9, 11, 4], [5, 2], [8, 8, 6, 1, 2], [12, 4, 3], [6, 1], [2, 9, 9, 7],
    [10, 3], [4, 4, 4], [11, 2, 5, 13], [7], [1, 14, 2],
]


def _ints(values):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=values))


def write_shards(out_dir):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    shards = [range(0, 7), range(7, 12)]
    for s, indices in enumerate(shards):
        with tf.python_io.TFRecordWriter(os.path.join(out_dir, "train-%05d-of-00002" % s)) as writer:
            for i in indices:
                pre = CAPTIONS[i - 1] if i > 0 else [1]
                post = CAPTIONS[i + 1] if i + 1 < len(CAPTIONS) else [1]
                example = tf.train.Example(features=tf.train.Features(feature={
                    "encode": _ints(CAPTIONS[i]), "decode_pre": _ints(pre), "decode_post": _ints(post)}))
                writer.write(example.SerializeToString())


def main(data_dir):
    out = os.path.join(data_dir, "h22_captions_skipthoughts_values_queue_parse_batch")
    write_shards(out)

    model_config = configuration.model_config(
        input_file_pattern=os.path.join(out, "train-?????-of-00002"),
        shuffle_input_data=False,
        batch_size=4)
    model = skip_thoughts_model.SkipThoughtsModel(model_config, mode="train")
    model.build()
    emb_sum = tf.reduce_sum(model.encode_emb, [1, 2])

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(5):
            (enc, enc_mask, pre, pre_mask, post, lengths, emb) = sess.run(
                [model.encode_ids, model.encode_mask, model.decode_pre_ids, model.decode_pre_mask,
                 model.decode_post_ids, model.encode_lengths, emb_sum])
            batches.append([enc.tolist(), enc_mask.tolist(), pre.tolist(), pre_mask.tolist(), post.tolist(),
                            lengths.tolist(), emb.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": step + 1}
